// The checks every plugin library must pass, run against each working plugin in the tree (shipped,
// test and benchmark plugins; tests/unit/plugins/CMakeLists.txt): complete metadata, a config table
// the host enforces, and a sample run whose output keeps its kind's contract. CMake generates the
// list of libraries (ConformancePlugins.inc).
//
// Every check tests something for every plugin, or skips saying why (a plugin without config
// keys has none to refuse). Every kind of the ABI has a sample input: sampleInput() and the output
// checks switch over the kind without a default, so a kind added to plugin_abi.h does not compile
// until it has both (the samples: ConformanceSamples.hpp). A plugin whose required keys cannot
// take the generic sample values, or whose sample run needs more, gets its own in kSampleConfig.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ConformanceSamples.hpp"
#include "config/ConfigLoader.hpp"
#include "outbound/PolicyGateway.hpp"
#include "plugins/AbiNames.hpp"
#include "plugins/ConfigValues.hpp"
#include "plugins/PluginRegistry.hpp"
#include "support/FakeChatServer.hpp"
#include "support/SmtpSink.hpp"
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

Poco::JSON::Object::Ptr parseObject(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

// Research plugins in the tree that are not research, and why: their output is not held to the
// research contract (every other check still runs).
const std::map<std::string, std::string> kNotResearch = {
    {"echo", "the loader's test fixture answers with its own input and config"},
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

// docs/plugins.md, "What research found, where it found it, and how sure it is": a plugin that
// returns profile, evidence, findings or warnings returns them in their shapes. The sample run
// has no outbound HTTP, so a plugin that reads the web says so in `warnings` instead of failing.
void checkResearchExtras(const Poco::JSON::Object& result, const std::string& output) {
    const std::set<std::string> kinds{"client", "research", "inferred"};
    if (result.has("profile")) {
        EXPECT_FALSE(result.getObject("profile").isNull()) << "profile is an object: " << output;
    }
    if (auto evidence = result.getObject("evidence")) {
        for (const auto& path : evidence->getNames()) {
            auto entry = evidence->getObject(path);
            ASSERT_TRUE(entry) << "evidence." << path << " is an object: " << output;
            EXPECT_TRUE(kinds.count(entry->optValue<std::string>("evidence", "")))
                << "evidence." << path << ".evidence is client, research or inferred";
            EXPECT_TRUE(entry->has("source") && entry->get("source").isString()) << output;
        }
    }
    if (auto findings = result.getArray("findings")) {
        for (std::size_t i = 0; i < findings->size(); ++i) {
            auto finding = findings->getObject(static_cast<unsigned>(i));
            ASSERT_TRUE(finding) << "findings[" << i << "] is an object: " << output;
            for (const char* key : {"text", "source", "evidence"}) {
                EXPECT_TRUE(finding->has(key) && finding->get(key).isString())
                    << "findings[" << i << "]." << key << " is text: " << output;
            }
            EXPECT_TRUE(kinds.count(finding->optValue<std::string>("evidence", ""))) << output;
        }
    }
    if (auto warnings = result.getArray("warnings")) {
        for (std::size_t i = 0; i < warnings->size(); ++i) {
            EXPECT_TRUE(warnings->get(static_cast<unsigned>(i)).isString())
                << "warnings[" << i << "] is text: " << output;
        }
    }
}

using ConfigLines = std::map<std::string, std::string>;

class PluginConformance : public ::testing::TestWithParam<const char*> {
  protected:
    // Opening the library is the first check: the loader refuses an unnamed plugin, an unknown
    // kind, and config keys that are unnamed, declared twice, of an unknown type or with a
    // default that does not parse (plugins_test shows it does).
    void SetUp() override { library_ = PluginLibrary::open(GetParam()); }

    const PluginInfo& info() const { return library_->info(); }
    // "research-noop": the name alone does not tell the builds of one source apart.
    std::string plugin() const { return kindName(info().kind).value_or("?") + "-" + info().name; }

    // The required keys with sample values: the smallest config the plugin must accept.
    ConfigLines validConfig() const {
        ConfigLines lines;
        for (const auto& key : info().configKeys) {
            if (key.required) lines[key.name] = sampleValue(info().name, key);
        }
        return lines;
    }

    // The sample run's config: the required keys and every value kSampleConfig gives the
    // plugin, a mailer's pointed at the suite's SMTP server on `smtpPort`, a content plugin's
    // at the chat server at `chatUrl`.
    ConfigLines runConfig(std::uint16_t smtpPort, const std::string& chatUrl) const {
        ConfigLines lines = validConfig();
        if (auto it = kSampleConfig.find(info().name); it != kSampleConfig.end()) {
            for (const auto& [key, value] : it->second) lines[key] = value;
        }
        for (auto& [key, value] : lines) {
            if (value == kSmtpSinkPort) value = std::to_string(smtpPort);
            if (value == kChatServerUrl) value = chatUrl;
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
    EXPECT_FALSE(info().version.empty()) << "a version";
    EXPECT_FALSE(info().description.empty()) << "a description";
    // lodestone_add_plugin names the file <kind>-<name>.so; operators rely on it.
    EXPECT_EQ(std::filesystem::path(GetParam()).filename().string(),
              kindName(info().kind).value_or("?") + "-" + info().name + ".so");
}

TEST_P(PluginConformance, DocumentsEveryConfigKey) {
    if (info().configKeys.empty()) GTEST_SKIP() << plugin() << " declares no config keys";
    for (const auto& key : info().configKeys) {
        SCOPED_TRACE("config key " + key.name);
        EXPECT_TRUE(std::regex_match(key.name, std::regex("[a-z][a-z0-9_]*")))
            << "keys are lower_snake_case like the rest of the file";
        EXPECT_FALSE(key.description.empty()) << "a description";
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
    if (info().configKeys.empty()) {
        GTEST_SKIP() << plugin() << " declares no config keys, so no value can be mistyped";
    }
    for (const auto& key : info().configKeys) {
        SCOPED_TRACE("config key " + key.name);
        ConfigLines lines = validConfig();
        lines[key.name] = wrongValue(key.type);
        EXPECT_THAT(loadErrors(lines),
                    ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance + ".config." +
                                                  key.name + ": expected ")));
    }
}

// One step past `bound` of a ranged key (`step` -1 or 1), written as an operator would.
std::string beyond(const ConfigKeyInfo& key, const std::string& bound, int step) {
    const Poco::Dynamic::Var value = parseTableValue(key, bound).value();
    if (key.type == LODESTONE_CONFIG_NUMBER) {
        std::ostringstream text;
        text << value.convert<double>() + step;
        return text.str();
    }
    const Poco::Int64 past = value.convert<Poco::Int64>() + step;
    return std::to_string(past) + (key.type == LODESTONE_CONFIG_DURATION ? "ms" : "");
}

TEST_P(PluginConformance, RefusesAValueOutsideEveryDeclaredRange) {
    std::vector<std::pair<std::string, std::string>> cases;
    for (const auto& key : info().configKeys) {
        if (key.minimum) cases.emplace_back(key.name, beyond(key, *key.minimum, -1));
        if (key.maximum) cases.emplace_back(key.name, beyond(key, *key.maximum, 1));
    }
    if (cases.empty()) GTEST_SKIP() << plugin() << " declares no ranges";
    for (const auto& [name, value] : cases) {
        SCOPED_TRACE("config key " + name + ": " + value);
        ConfigLines lines = validConfig();
        lines[name] = value;
        EXPECT_THAT(loadErrors(lines),
                    ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance + ".config." +
                                                  name + ": must be ")));
    }
}

TEST_P(PluginConformance, RefusesAMissingRequiredKey) {
    ConfigLines required = validConfig();
    if (required.empty()) {
        GTEST_SKIP() << plugin() << " has no required config keys, so none can be missing";
    }
    for (const auto& [name, value] : required) {
        SCOPED_TRACE("config key " + name);
        ConfigLines lines = required;
        lines.erase(name);
        EXPECT_THAT(loadErrors(lines),
                    ::testing::Contains(HasSubstr(std::string("plugins.") + kInstance + ".config." +
                                                  name + ": required key")));
    }
}

TEST_P(PluginConformance, ConfiguresAndRunsOnASampleInput) {
    std::string input = sampleInput(info().kind);
    // A mailer sends for real, over SMTP, to a local server.
    std::optional<test::SmtpSink> smtp;
    if (info().kind == LODESTONE_PLUGIN_MAILER) smtp.emplace();
    // A content plugin may write with a language model: an OpenAI-compatible server on 127.0.0.1.
    std::optional<test::FakeChatServer> chat;
    if (info().kind == LODESTONE_PLUGIN_CONTENT) chat.emplace();
    PluginRegistry registry;
    ASSERT_NO_THROW(registry = loadPlugins(configWith(
                        runConfig(smtp ? smtp->port() : 0, chat ? chat->baseUrl() : ""))));
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
        input.replace(input.find("RECEIVER"), 8, receiver.url("/hooks"));
    }
    // Content runs get outbound HTTP in the daemon too (pipeline.content's policy).
    if (info().kind == LODESTONE_PLUGIN_CONTENT) control.allowHttp(&gateway);
    std::string output;
    ASSERT_NO_THROW(output = instance->run(control, input));  // run() checks for a JSON object

    // What the daemon requires of the kind's output beyond a JSON object (docs/plugins.md).
    auto result = parseObject(output);
    switch (info().kind) {
        // docs/plugins.md: `person` and `company` are always there, as objects. Scoring and
        // content plugins do without either, so at least one is required here: research that
        // finds neither is no research.
        case LODESTONE_PLUGIN_RESEARCH: {
            for (const char* part : {"person", "company"}) {
                EXPECT_TRUE(!result->has(part) || !result->getObject(part).isNull())
                    << part << " is not an object: " << output;
            }
            checkResearchExtras(*result, output);
            if (result->has("person") || result->has("company")) break;
            if (auto fixture = kNotResearch.find(info().name); fixture != kNotResearch.end()) {
                GTEST_SKIP() << plugin() << " ran and returned a JSON object; it is not held to "
                             << "the research output contract: " << fixture->second;
            }
            ADD_FAILURE() << plugin() << " returned neither `person` nor `company`: " << output;
            break;
        }
        // As the jobs engine checks it (leadmagnet/steps/LeadMagnetSteps.cpp): a page needs a
        // title and sections.
        case LODESTONE_PLUGIN_CONTENT: {
            EXPECT_TRUE(result->has("title") && result->get("title").isString()) << output;
            auto sections = result->getArray("sections");
            ASSERT_FALSE(sections.isNull()) << "a `sections` list: " << output;
            for (std::size_t i = 0; i < sections->size(); ++i) {
                auto section = sections->getObject(static_cast<unsigned>(i));
                EXPECT_TRUE(section && section->has("heading") &&
                            section->get("heading").isString() && section->has("body") &&
                            section->get("body").isString())
                    << "sections[" << i << "] is {heading, body} text: " << output;
            }
            break;
        }
        // It delivered, through the host's client, and reports what the receiver answered as the
        // integer the delivery loop reads.
        case LODESTONE_PLUGIN_WEBHOOK: {
            auto seen = receiver.log().requests();
            ASSERT_EQ(seen.size(), 1u) << "the receiver got the delivery";
            EXPECT_EQ(seen[0].method, "POST");
            EXPECT_EQ(seen[0].uri, "/hooks");
            EXPECT_EQ(seen[0].body, R"({"event":"meeting_booked"})");
            EXPECT_EQ(seen[0].header("webhook-id"), "msg_sample");
            ASSERT_TRUE(result->has("statusCode") && result->get("statusCode").isInteger())
                << output;
            EXPECT_EQ(result->getValue<int>("statusCode"), 200) << output;
            break;
        }
        // It sent the message to its one recipient, and reports the server's acceptance as the
        // daemon reads it (docs/plugins.md, "Mailer plugins").
        case LODESTONE_PLUGIN_MAILER: {
            ASSERT_TRUE(smtp->waitForMessages(1)) << "the SMTP server got the message";
            auto seen = smtp->messages();
            ASSERT_EQ(seen.size(), 1u);
            EXPECT_EQ(seen[0].mailFrom, "outreach@example.com");
            EXPECT_EQ(seen[0].rcptTos, std::vector<std::string>{"ada@example.com"});
            EXPECT_EQ(seen[0].header("Message-ID"), "<es_sample@example.com>");
            EXPECT_EQ(seen[0].header("Subject"), "Your guide for Analytical Engines");
            ASSERT_TRUE(result->has("accepted") && result->get("accepted").isBoolean()) << output;
            EXPECT_TRUE(result->getValue<bool>("accepted")) << output;
            ASSERT_TRUE(result->has("code") && result->get("code").isInteger()) << output;
            EXPECT_EQ(result->getValue<int>("code") / 100, 2) << output;
            EXPECT_TRUE(result->has("reply") && result->get("reply").isString()) << output;
            EXPECT_EQ(result->optValue<std::string>("messageId", ""), "<es_sample@example.com>");
            break;
        }
    }
}

std::string testName(const ::testing::TestParamInfo<const char*>& param) {
    std::string name = std::filesystem::path(param.param).stem().string();
    for (auto& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Plugins, PluginConformance, ::testing::ValuesIn(kPluginFiles), testName);

// Every kind the ABI defines (kindName knows every one; its switch has no default either) has a
// sample input that is a JSON object. A kind no plugin in the tree has is named: its sample has
// been parsed here but never run.
TEST(PluginConformanceSamples, EveryKindOfTheAbiHasASampleInputAndAPluginToRunItOn) {
    std::set<std::string> kindsInTree;
    for (const char* file : kPluginFiles) {
        kindsInTree.insert(kindName(PluginLibrary::open(file)->info().kind).value_or("?"));
    }
    std::string notRun;
    for (int kind = 0; kind < 256; ++kind) {
        auto name = kindName(kind);
        if (!name) continue;
        SCOPED_TRACE("kind " + *name);
        std::string input;
        ASSERT_NO_THROW(input = sampleInput(static_cast<lodestone_plugin_kind>(kind)));
        EXPECT_NO_THROW(parseObject(input)) << input;
        if (!kindsInTree.count(*name)) notRun += (notRun.empty() ? "" : ", ") + *name;
    }
    if (!notRun.empty()) {
        GTEST_SKIP() << "no plugin of kind " << notRun << " in the tree: its sample input is "
                     << "checked to be a JSON object here, never run";
    }
}

// kSampleConfig names plugins and keys by hand: an entry for a plugin or key that is gone would
// be silently unused.
TEST(PluginConformanceSamples, EverySampleConfigValueIsForAKeyOfAPluginInTheTree) {
    std::map<std::string, std::set<std::string>> keysByPlugin;
    for (const char* file : kPluginFiles) {
        auto library = PluginLibrary::open(file);
        auto& keys = keysByPlugin[library->info().name];
        for (const auto& key : library->info().configKeys) keys.insert(key.name);
    }
    for (const auto& [plugin, values] : kSampleConfig) {
        ASSERT_TRUE(keysByPlugin.count(plugin)) << "no plugin named " << plugin;
        for (const auto& [key, value] : values) {
            EXPECT_TRUE(keysByPlugin[plugin].count(key)) << plugin << " has no key " << key;
        }
    }
}

}  // namespace
}  // namespace lodestone::plugins
