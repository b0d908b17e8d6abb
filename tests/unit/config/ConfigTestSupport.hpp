#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "config/ConfigLoader.hpp"

namespace lodestone::config::testing {

inline const char* const kConfigFile = "/srv/lodestone/etc/lodestone.yaml";

inline LoadOptions optionsWithEnv(std::map<std::string, std::string> env = {}) {
    LoadOptions options;
    options.pluginDir = "/usr/lib/lodestone/plugins";
    options.env = [env](const std::string& name) -> std::optional<std::string> {
        auto it = env.find(name);
        if (it == env.end()) return std::nullopt;
        return it->second;
    };
    return options;
}

inline Config parse(const std::string& yaml, std::map<std::string, std::string> env = {}) {
    return parseConfig(yaml, kConfigFile, optionsWithEnv(std::move(env)));
}

// The messages of the ConfigError that parsing `yaml` must throw.
inline std::vector<std::string> errorsOf(const std::string& yaml,
                                         std::map<std::string, std::string> env = {}) {
    try {
        parse(yaml, std::move(env));
    } catch (const ConfigError& e) {
        return e.messages();
    }
    ADD_FAILURE() << "expected a ConfigError for:\n" << yaml;
    return {};
}

// The single message parsing `yaml` must produce.
inline std::string errorOf(const std::string& yaml, std::map<std::string, std::string> env = {}) {
    auto messages = errorsOf(yaml, std::move(env));
    EXPECT_EQ(messages.size(), 1u) << ::testing::PrintToString(messages);
    return messages.empty() ? "" : messages.front();
}

}  // namespace lodestone::config::testing
