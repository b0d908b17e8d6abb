#pragma once

#include <Poco/Dynamic/Var.h>
#include <lodestone/plugin_abi.h>

#include <optional>
#include <string>

#include "config/ConfigNode.hpp"
#include "plugins/PluginLibrary.hpp"

// A plugin's `config:` mapping checked against the key table its library declares, turned into
// the JSON object configure() receives.
namespace lodestone::plugins {

// Reads `node` as a value of `type`: durations become integer milliseconds, string lists JSON
// arrays, objects JSON objects. A problem is recorded in the node's diagnostics and nullopt
// returned.
std::optional<Poco::Dynamic::Var> readConfigValue(const config::ConfigNode& node,
                                                  lodestone_config_type type);

// `text`, a default or a bound from the key's table, as a JSON value of the key's type. String
// defaults are taken literally; the others are read as YAML, as the operator would write them.
// nullopt when it does not parse as the key's type.
std::optional<Poco::Dynamic::Var> parseTableValue(const ConfigKeyInfo& key,
                                                  const std::string& text);

// What is wrong with a key's default or range (a bug in the plugin, reported when it is
// loaded): a default or bound that is not of the key's type, a range on a key that has no
// order, a minimum above the maximum, a default outside the range. "" when nothing is.
std::string tableProblem(const ConfigKeyInfo& key);

// The key's range in words ("between 1 and 20", "at least 1s", "at most 100"); "" for none.
std::string rangeText(const ConfigKeyInfo& key);

// Checks the `config:` mapping (absent: empty) of plugin instance `instanceName`: unknown keys,
// missing required keys and wrongly typed or out-of-range values are recorded in the nodes'
// diagnostics, each with its file, line and key path. Returns the JSON text with defaults filled
// in, or nullopt when anything was wrong.
std::optional<std::string> buildConfigJson(const PluginInfo& info, const std::string& instanceName,
                                           const config::ConfigNode& pluginNode,
                                           const std::optional<config::ConfigNode>& configNode);

}  // namespace lodestone::plugins
