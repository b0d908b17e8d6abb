// Loading the default plugins' real libraries the way lodestoned does (YAML config, host type
// checks and defaults) and running them.
#pragma once

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config/ConfigLoader.hpp"
#include "plugins/PluginError.hpp"
#include "plugins/PluginRegistry.hpp"

namespace lodestone::plugins::testing {

inline const char* const kResearchBasic = LODESTONE_RESEARCH_BASIC_PLUGIN;
inline const char* const kContentTemplate = LODESTONE_CONTENT_TEMPLATE_PLUGIN;

// A config of `pluginsYaml` (the entries under `plugins:`, indented by two) and `pipelineYaml`
// (those under `pipeline:`, likewise; may be empty).
inline config::Config configOf(const std::string& pluginsYaml,
                               const std::string& pipelineYaml = "") {
    std::string yaml =
        "storage:\n  path: /tmp/lodestone-default-plugin-tests/lodestone.db\n"
        "plugins:\n" +
        pluginsYaml;
    if (!pipelineYaml.empty()) yaml += "pipeline:\n" + pipelineYaml;
    config::LoadOptions options;
    // Pipeline steps without a plugin get the bundled defaults from here: the real ones.
    options.pluginDir = std::filesystem::path(kResearchBasic).parent_path();
    options.env = [](const std::string&) { return std::optional<std::string>(); };
    return config::parseConfig(yaml, "/tmp/lodestone-default-plugin-tests/test.yaml", options);
}

// The YAML of an instance `name` of `library` under `plugins:`, with `configLines` as its config.
inline std::string instanceYaml(const std::string& name, const std::string& library,
                                const std::vector<std::string>& configLines = {}) {
    std::string yaml = "  " + name + ":\n    library: " + library + "\n";
    if (!configLines.empty()) yaml += "    config:\n";
    for (const auto& line : configLines) yaml += "      " + line + "\n";
    return yaml;
}

// One instance, "subject", of `library`.
inline config::Config configFor(const std::string& library,
                                const std::vector<std::string>& configLines) {
    return configOf(instanceYaml("subject", library, configLines));
}

// Every message loading the plugin with `configLines` produces; empty when it loads.
inline std::vector<std::string> loadErrors(const std::string& library,
                                           const std::vector<std::string>& configLines) {
    try {
        loadPlugins(configFor(library, configLines));
    } catch (const config::ConfigError& e) {
        return e.messages();
    }
    return {};
}

inline Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

inline std::string toJson(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

inline Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

// The strings of a JSON array.
inline std::vector<std::string> strings(const Poco::JSON::Array::Ptr& array) {
    std::vector<std::string> result;
    if (!array) return result;
    for (std::size_t i = 0; i < array->size(); ++i) {
        result.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return result;
}

using ProgressLog = std::vector<std::pair<int, std::string>>;

// One configured instance of a plugin library.
class LoadedPlugin {
  public:
    explicit LoadedPlugin(const std::string& library,
                          const std::vector<std::string>& configLines = {})
        : registry_(loadPlugins(configFor(library, configLines))),
          instance_(registry_.find("subject")) {}

    std::string run(const std::string& input, ProgressLog* progress = nullptr) const {
        RunControl control(RunControl::kNoDeadline,
                           [progress](int percent, const std::string& note) {
                               if (progress != nullptr) progress->emplace_back(percent, note);
                           });
        return instance_->run(control, input);
    }

    Poco::JSON::Object::Ptr runObject(const std::string& input) const {
        return parseObject(run(input));
    }

    // The PluginError running `input` must throw.
    PluginError failure(const std::string& input) const {
        try {
            run(input);
        } catch (const PluginError& e) {
            return e;
        }
        ADD_FAILURE() << "expected a PluginError for " << input;
        return PluginError("subject", LODESTONE_OK, "");
    }

    // Runs with the run already cancelled.
    PluginError cancelledFailure(const std::string& input) const {
        RunControl control;
        control.cancel();
        try {
            instance_->run(control, input);
        } catch (const PluginError& e) {
            return e;
        }
        ADD_FAILURE() << "expected the run to be cancelled";
        return PluginError("subject", LODESTONE_OK, "");
    }

  private:
    PluginRegistry registry_;
    PluginRegistry::InstancePtr instance_;
};

}  // namespace lodestone::plugins::testing
