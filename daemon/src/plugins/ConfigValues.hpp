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

// A key's default as a JSON value. String defaults are taken literally; the others are read as
// YAML, as the operator would write them. Returns nullopt and sets `problem` when the default
// does not parse as the key's type (a bug in the plugin, reported when it is loaded).
std::optional<Poco::Dynamic::Var> parseDefault(const ConfigKeyInfo& key, std::string& problem);

// Checks the `config:` mapping (absent: empty) of plugin instance `instanceName`: unknown keys,
// missing required keys and wrongly typed values are recorded in the nodes' diagnostics, each
// with its file, line and key path. Returns the JSON text with defaults filled in, or nullopt
// when anything was wrong.
std::optional<std::string> buildConfigJson(const PluginInfo& info, const std::string& instanceName,
                                           const config::ConfigNode& pluginNode,
                                           const std::optional<config::ConfigNode>& configNode);

}  // namespace lodestone::plugins
