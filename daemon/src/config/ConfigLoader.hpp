#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "config/Config.hpp"
#include "config/EnvExpansion.hpp"

namespace lodestone::config {

// Where bare plugin names are looked up: $LODESTONE_PLUGIN_DIR, else lib/lodestone/plugins next
// to the bin/ folder this executable is in (true both installed and in the build tree, and the
// same for lodestoned and lodestonectl).
std::filesystem::path defaultPluginDir();

struct LoadOptions {
    // Where bare plugin library names ("research-basic") are looked up.
    std::filesystem::path pluginDir;
    EnvLookup env = processEnvironment();
    // Checks the plugins a config names (loads them: the plugins module, which this one cannot
    // name) and returns their problems, reported with the file's own in one ConfigError. Run
    // only when the plugins, pipeline and webhooks sections read cleanly, so a broken section is
    // not reported twice. --check-config sets it; start-up loads the plugins once, later.
    std::function<std::vector<std::string>(const Config&)> checkPlugins;
};

// Reads and validates a whole configuration file. Throws ConfigError listing every problem,
// each naming the file, line and key path.
Config loadConfig(const std::filesystem::path& file, const LoadOptions& options);

// The same, from text already read (`file` is used for messages and relative paths).
Config parseConfig(const std::string& text, const std::filesystem::path& file,
                   const LoadOptions& options);

// Parses a YAML (or JSON) document into a ConfigNode root whose problems land in `diagnostics`.
// Syntax errors are recorded there too, and an empty node returned. An empty `env` expands no
// ${NAME}: scalars are read exactly as written.
ConfigNode parseDocument(const std::string& text, const std::string& displayName,
                         std::shared_ptr<Diagnostics> diagnostics, EnvLookup env);

// Reads a whole file; throws ConfigError naming it when it cannot be read.
std::string readTextFile(const std::filesystem::path& file);

}  // namespace lodestone::config
