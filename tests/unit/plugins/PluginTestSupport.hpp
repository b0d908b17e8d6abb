#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config/ConfigLoader.hpp"
#include "plugins/PluginRegistry.hpp"

namespace lodestone::plugins::testing {

inline const char* const kConfigFile = "/tmp/lodestone-plugin-tests/test.yaml";
inline const char* const kEchoPlugin = LODESTONE_ECHO_PLUGIN;

inline config::LoadOptions testOptions() {
    config::LoadOptions options;
    options.pluginDir = "/nonexistent/plugins";
    options.env = [](const std::string& name) -> std::optional<std::string> {
        if (name == "ECHO_GREETING") return "hello from the environment";
        return std::nullopt;
    };
    return options;
}

inline config::Config parse(const std::string& yaml) {
    return config::parseConfig(yaml, kConfigFile, testOptions());
}

// A config with one plugin instance "echo" of `library`, whose `config:` mapping holds
// `configLines` (each indented under it), and jobs.run false. Lines are fixed so tests can name
// them:
//   1 storage:  2 path  3 plugins:  4 echo:  5 library:  6 config:  7… the config lines
inline std::string pluginYaml(const std::string& library,
                              const std::vector<std::string>& configLines,
                              const std::string& after = "") {
    std::string yaml =
        "storage:\n"
        "  path: /tmp/lodestone-plugin-tests/lodestone.db\n"
        "plugins:\n"
        "  echo:\n"
        "    library: " +
        library + "\n";
    if (!configLines.empty()) {
        yaml += "    config:\n";
        for (const auto& line : configLines) yaml += "      " + line + "\n";
    }
    // No job engine here: the bundled default pipeline plugins stay out of these tests.
    return yaml + after + "jobs:\n  run: false\n";
}

inline std::string echoYaml(const std::vector<std::string>& configLines,
                            const std::string& after = "") {
    return pluginYaml(kEchoPlugin, configLines, after);
}

// The messages of the ConfigError loading `yaml`'s plugins must throw.
inline std::vector<std::string> loadErrors(const std::string& yaml) {
    try {
        loadPlugins(parse(yaml));
    } catch (const config::ConfigError& e) {
        return e.messages();
    }
    ADD_FAILURE() << "expected a ConfigError for:\n" << yaml;
    return {};
}

// The single message loading `yaml`'s plugins must produce.
inline std::string loadError(const std::string& yaml) {
    auto messages = loadErrors(yaml);
    EXPECT_EQ(messages.size(), 1u) << ::testing::PrintToString(messages);
    return messages.empty() ? "" : messages.front();
}

// The message a file:line prefix gets for plugins.echo.<path> at `line`.
inline std::string at(int line, const std::string& path) {
    return std::string(kConfigFile) + ":" + std::to_string(line) + ": " + path + ": ";
}

}  // namespace lodestone::plugins::testing
