// The checks every plugin library must pass, run against each working plugin in the tree (shipped,
// test and benchmark plugins; tests/unit/plugins/CMakeLists.txt): complete metadata, a config table
// the host enforces, and a sample run that returns a JSON object. CMake generates the list of
// libraries (ConformancePlugins.inc).
//
// A new plugin kind needs a sample input in sampleInput(); a plugin whose required keys cannot
// take the generic sample values gets its own in kSampleConfig.
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "config/ConfigLoader.hpp"
#include "outbound/PolicyGateway.hpp"
#include "plugins/AbiNames.hpp"
#include "plugins/ConfigValues.hpp"
#include "plugins/PluginRegistry.hpp"
#include "support/TempDir.hpp"
#include "unit/outbound/LocalServers.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::HasSubstr;

const char* const kPluginFiles[] = {
#include "ConformancePlugins.inc"
};

const char* const kConfigFile = "/tmp/lodestone-conformance/lodestone.yaml";

const char* const kInstance = "subject";

// What run() gets, by kind. Add a kind's sample when its first plugin lands.
std::optional<std::string> sampleInput(lodestone_plugin_kind kind) {
    switch (kind) {
        // As the jobs engine sends them: the lead, and for content its research too.
        case LODESTONE_PLUGIN_RESEARCH:
            return R"({"jobId":"job_sample","leadId":"lead_sample",)"
                   R"("lead":{"email":"ada@example.com","fullName":"Ada Lovelace",)"
                   R"("company":"Analytical Engines","title":"CTO"},)"
                   R"("project":{"id":"proj_sample","name":"Sample","settings":{}}})";
        case LODESTONE_PLUGIN_CONTENT:
            return R"({"jobId":"job_sample","leadId":"lead_sample",)"
                   R"("lead":{"email":"ada@example.com","fullName":"Ada Lovelace",)"
                   R"("company":"Analytical Engines","title":"CTO"},)"
                   R"("research":{"person":{"fullName":"Ada Lovelace","firstName":"Ada",)"
                   R"("lastName":"Lovelace","email":"ada@example.com","title":"CTO",)"
                   R"("seniority":"executive","department":"engineering"},)"
                   R"("company":{"name":"Analytical Engines","domain":"example.com",)"
                   R"("industry":"Software","sizeBand":"11-50","sizeCategory":"small"},)"
                   R"("custom":{},"facts":["Ada Lovelace works at Analytical Engines as CTO"],)"
                   R"("sources":["submitted form","job title"]},)"
                   R"("project":{"id":"proj_sample","name":"Sample","settings":{}}})";
        // As the delivery loop sends it; RECEIVER is replaced by a local receiver's URL.
        case LODESTONE_PLUGIN_WEBHOOK:
            return R"({"deliveryId":"msg_sample","event":"meeting_booked","attempt":1,)"
                   R"("url":"RECEIVER","headers":{"Content-Type":"application/json",)"
                   R"("webhook-id":"msg_sample","webhook-timestamp":"1795343400",)"
                   R"("webhook-signature":"v1,c2FtcGxl"},"body":"{\"event\":\"meeting_booked\"}"})";
        default:
            return std::nullopt;
    }
}

// Values for required keys, by plugin name, where the generic ones below would be refused.
const std::map<std::string, std::map<std::string, std::string>> kSampleConfig = {
    {"echo", {{"greeting", "hello"}}},
};

// The scripted test plugin keeps attempt counts in a folder it must be able to write; removed
// when the test program exits.
std::string scriptedStateDir() {
    static const lodestone::test::TempDir dir;
    return dir.path().string();
}

std::string sampleValue(const std::string& plugin, const ConfigKeyInfo& key) {
    if (plugin == "scripted" && key.name == "state_dir") return scriptedStateDir();
    if (auto it = kSampleConfig.find(plugin); it != kSampleConfig.end()) {
        if (auto value = it->second.find(key.name); value != it->second.end()) {
            return value->second;
        }
    }
    switch (key.type) {
        case LODESTONE_CONFIG_STRING:
            return "sample";
        case LODESTONE_CONFIG_INTEGER:
            return "1";
        case LODESTONE_CONFIG_NUMBER:
            return "1.5";
        case LODESTONE_CONFIG_BOOLEAN:
            return "true";
        case LODESTONE_CONFIG_DURATION:
            return "1s";
        case LODESTONE_CONFIG_STRING_LIST:
            return "[sample]";
        case LODESTONE_CONFIG_OBJECT:
            return "{sample: 1}";
    }
    return "sample";
}

// A value every host check of that type refuses.
std::string wrongValue(lodestone_config_type type) {
    switch (type) {
        case LODESTONE_CONFIG_STRING:
            return "[not, a, string]";
        case LODESTONE_CONFIG_STRING_LIST:
            return "{not: a-list}";
        case LODESTONE_CONFIG_OBJECT:
            return "not-a-mapping";
        default:
            return "not-a-" + configTypeName(type).value_or("value");
    }
}

using ConfigLines = std::map<std::string, std::string>;

class PluginConformance : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override { library_ = PluginLibrary::open(GetParam()); }

    const PluginInfo& info() const { return library_->info(); }

    // The required keys with sample values: the smallest config the plugin must accept.
    ConfigLines validConfig() const {
        ConfigLines lines;
        for (const auto& key : info().configKeys) {
            if (key.required) lines[key.name] = sampleValue(info().name, key);
        }
        return lines;
    }

    config::Config configWith(const ConfigLines& lines) const {
        std::string yaml = "storage:\n  path: /tmp/lodestone-conformance/lodestone.db\nplugins:\n";
        yaml += std::string("  ") + kInstance + ":\n    library: " + GetParam() + "\n";
        if (!lines.empty()) yaml += "    config:\n";
        for (const auto& [key, value] : lines) yaml += "      " + key + ": " + value + "\n";
        yaml += "jobs:\n  run: false\n";  // the plugin under test alone, no default pipeline
        config::LoadOptions options;
        options.env = [](const std::string&) { return std::optional<std::string>(); };
        return config::parseConfig(yaml, kConfigFile, options);
    }

    std::vector<std::string> loadErrors(const ConfigLines& lines) const {
        try {
            loadPlugins(configWith(lines));
        } catch (const config::ConfigError& e) {
            return e.messages();
        }
        return {};
    }

    std::shared_ptr<const PluginLibrary> library_;
};

TEST_P(PluginConformance, HasCompleteMetadata) {
    EXPECT_TRUE(std::regex_match(info().name, std::regex("[a-z0-9][a-z0-9_-]*"))) << info().name;
    EXPECT_TRUE(kindName(info().kind)) << "kind " << info().kind;
    EXPECT_FALSE(info().version.empty()) << "a version";
    EXPECT_FALSE(info().description.empty()) << "a description";
    // lodestone_add_plugin names the file <kind>-<name>.so; operators rely on it.
    EXPECT_EQ(std::filesystem::path(GetParam()).filename().string(),
              kindName(info().kind).value_or("?") + "-" + info().name + ".so");
}

TEST_P(PluginConformance, DocumentsEveryConfigKey) {
    for (const auto& key : info().configKeys) {
        SCOPED_TRACE("config key " + key.name);
        EXPECT_TRUE(std::regex_match(key.name, std::regex("[a-z][a-z0-9_]*")))
            << "keys are lower_snake_case like the rest of the file";
        EXPECT_FALSE(key.description.empty()) << "a description";
        EXPECT_TRUE(configTypeName(key.type)) << "a known type";
        if (key.defaultValue) {
            std::string problem;
            EXPECT_TRUE(parseDefault(key, problem)) << problem;
        }
    }
}

TEST_P(PluginConformance, RefusesAnUnknownConfigKey) {
    ConfigLines lines = validConfig();
    lines["conformance_unknown_key"] = "1";
    EXPECT_THAT(loadErrors(lines),
                ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance +
                                              ".config.conformance_unknown_key: unknown key")));
}

TEST_P(PluginConformance, RefusesAWronglyTypedValueForEveryKey) {
    for (const auto& key : info().configKeys) {
        SCOPED_TRACE("config key " + key.name);
        ConfigLines lines = validConfig();
        lines[key.name] = wrongValue(key.type);
        EXPECT_THAT(loadErrors(lines),
                    ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance + ".config." +
                                                  key.name + ": expected ")));
    }
}

TEST_P(PluginConformance, RefusesAMissingRequiredKey) {
    for (const auto& key : info().configKeys) {
        if (!key.required) continue;
        SCOPED_TRACE("config key " + key.name);
        ConfigLines lines = validConfig();
        lines.erase(key.name);
        EXPECT_THAT(loadErrors(lines),
                    ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance + ".config." +
                                                  key.name + ": required key")));
    }
}

TEST_P(PluginConformance, ConfiguresAndRunsOnASampleInput) {
    auto input = sampleInput(info().kind);
    if (!input) {
        GTEST_SKIP() << "no sample input for " << kindName(info().kind).value_or("?")
                     << " plugins yet; add one to sampleInput()";
    }
    PluginRegistry registry;
    ASSERT_NO_THROW(registry = loadPlugins(configWith(validConfig())));
    auto instance = registry.find(kInstance);
    ASSERT_NE(instance, nullptr);
    RunControl control(RunControl::deadlineIn(std::chrono::seconds(30)));
    // A webhook plugin delivers for real, through the daemon's client, to a local receiver.
    outbound::test::RecordingServer receiver;
    outbound::OutboundPolicy policy;
    policy.allowPrivateNetworks = true;
    outbound::PolicyGateway gateway(policy);
    if (info().kind == LODESTONE_PLUGIN_WEBHOOK) {
        control.allowHttp(&gateway);
        auto at = input->find("RECEIVER");
        input->replace(at, 8, receiver.url("/hooks"));
    }
    std::string output;
    ASSERT_NO_THROW(output = instance->run(control, *input));  // run() checks for a JSON object
    EXPECT_FALSE(output.empty());
}

std::string testName(const ::testing::TestParamInfo<const char*>& param) {
    std::string name = std::filesystem::path(param.param).stem().string();
    for (auto& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Plugins, PluginConformance, ::testing::ValuesIn(kPluginFiles), testName);

}  // namespace
}  // namespace lodestone::plugins
