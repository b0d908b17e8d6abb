// A plugin's `config:` mapping checked against its declared key table, then handed to
// configure() as JSON with defaults filled in.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "unit/plugins/PluginTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace testing;

// The config the echo plugin says it received (it echoes it in every output).
std::string receivedConfig(const std::string& yaml) {
    auto registry = loadPlugins(parse(yaml));
    RunControl control;
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
    auto output =
        parser.parse(registry.find("echo")->run(control, "{}")).extract<Poco::JSON::Object::Ptr>();
    std::ostringstream text;
    output->getObject("config")->stringify(text);
    return text.str();
}

const std::string kValidKeys = "(valid keys: greeting, repeat, pause, loud, ratio, tags, extra)";

TEST(PluginConfig, FillsDefaultsForKeysNotGiven) {
    EXPECT_EQ(receivedConfig(echoYaml({"greeting: hi"})),
              R"({"greeting":"hi","repeat":1,"pause":5000,"loud":false,"ratio":0.5,)"
              R"("tags":["alpha","beta"]})");
}

TEST(PluginConfig, PassesEveryTypeAsJson) {
    EXPECT_EQ(receivedConfig(echoYaml({
                  "greeting: \"42\"",
                  "repeat: 3",
                  "pause: 250ms",
                  "loud: true",
                  "ratio: 1.25",
                  "tags: [x, \"y\"]",
                  "extra: {url: https://example.com, retries: 2, flags: [true]}",
              })),
              R"({"greeting":"42","repeat":3,"pause":250,"loud":true,"ratio":1.25,)"
              R"("tags":["x","y"],"extra":{"url":"https://example.com","retries":2,)"
              R"("flags":[true]}})");
}

TEST(PluginConfig, ExpandsEnvironmentVariables) {
    EXPECT_THAT(receivedConfig(echoYaml({"greeting: ${ECHO_GREETING}"})),
                HasSubstr(R"("greeting":"hello from the environment")"));
}

TEST(PluginConfig, TreatsAnEmptyValueAsAbsent) {
    EXPECT_THAT(receivedConfig(echoYaml({"greeting: hi", "repeat:"})), HasSubstr(R"("repeat":1,)"));
}

TEST(PluginConfig, RefusesAnUnknownKeyListingTheValidOnes) {
    EXPECT_EQ(
        loadError(echoYaml({"greeting: hi", "colour: red"})),
        at(8, "plugins.echo.config.colour") + "unknown key for plugin \"echo\" " + kValidKeys);
}

TEST(PluginConfig, RefusesAMissingRequiredKey) {
    EXPECT_EQ(loadError(echoYaml({"repeat: 2"})),
              at(6, "plugins.echo.config.greeting") +
                  "required key of plugin \"echo\" is missing (Copied into every output.)");
}

TEST(PluginConfig, RefusesAMissingRequiredKeyWhenThereIsNoConfigAtAll) {
    EXPECT_EQ(loadError(echoYaml({})),
              at(4, "plugins.echo.config.greeting") +
                  "required key of plugin \"echo\" is missing (Copied into every output.)");
}

TEST(PluginConfig, RefusesValuesOfTheWrongTypeEachAtItsLine) {
    EXPECT_THAT(
        loadErrors(echoYaml({
            "greeting: [a, b]",  // 7
            "repeat: many",      // 8
            "pause: soon",       // 9
            "loud: maybe",       // 10
            "ratio: lots",       // 11
            "tags: single",      // 12
            "extra: text",       // 13
        })),
        ElementsAre(at(7, "plugins.echo.config.greeting") + "expected a string, got a list",
                    at(8, "plugins.echo.config.repeat") + "expected an integer, got \"many\"",
                    at(9, "plugins.echo.config.pause") +
                        "expected a duration such as 500ms, 5s, 1m, 2h or 7d, got \"soon\"",
                    at(10, "plugins.echo.config.loud") + "expected true or false, got \"maybe\"",
                    at(11, "plugins.echo.config.ratio") + "expected a number, got \"lots\"",
                    at(12, "plugins.echo.config.tags") + "expected a list of strings",
                    at(13, "plugins.echo.config.extra") + "expected a mapping"));
}

TEST(PluginConfig, RefusesValuesOutsideTheirDeclaredRangeEachAtItsLine) {
    EXPECT_THAT(
        loadErrors(echoYaml({"greeting: hi", "repeat: 101", "ratio: -0.5"})),
        ElementsAre(at(8, "plugins.echo.config.repeat") + "must be at most 100, got 101",
                    at(9, "plugins.echo.config.ratio") + "must be between 0 and 10, got -0.5"));
}

TEST(PluginConfig, AcceptsValuesOnTheBoundsOfTheirRange) {
    EXPECT_THAT(receivedConfig(echoYaml({"greeting: hi", "repeat: 100", "ratio: 10"})),
                HasSubstr(R"("repeat":100,"pause":5000,"loud":false,"ratio":10,)"));
    EXPECT_THAT(receivedConfig(echoYaml({"greeting: hi", "ratio: 0"})), HasSubstr(R"("ratio":0,)"));
}

TEST(PluginConfig, AppliesNoRangeToAPluginBuiltBeforeKeysHadOne) {
    auto registry = loadPlugins(parse(pluginYaml(LODESTONE_ABI12_PLUGIN, {"count: 1000000"})));
    RunControl control;
    EXPECT_EQ(registry.find("echo")->run(control, "{}"), R"({"count":1000000,"wait":5000})");
}

TEST(PluginConfig, NamesTheBadElementOfAList) {
    EXPECT_EQ(loadError(echoYaml({"greeting: hi", "tags:", "  - fine", "  - {not: fine}"})),
              at(10, "plugins.echo.config.tags[1]") + "expected a string, got a mapping");
}

TEST(PluginConfig, ReportsUnknownMissingAndMistypedKeysTogether) {
    EXPECT_THAT(
        loadErrors(echoYaml({"repeat: lots", "colour: red"})),
        ElementsAre(
            at(7, "plugins.echo.config.repeat") + "expected an integer, got \"lots\"",
            at(8, "plugins.echo.config.colour") + "unknown key for plugin \"echo\" " + kValidKeys,
            at(6, "plugins.echo.config.greeting") +
                "required key of plugin \"echo\" is missing (Copied into every "
                "output.)"));
}

TEST(PluginConfig, ReportsThePluginsOwnRejectionAtTheConfigKey) {
    EXPECT_EQ(loadError(echoYaml({"greeting: hi", "repeat: -2"})),
              at(6, "plugins.echo.config") + "repeat must not be negative, got -2");
}

TEST(PluginConfig, ReportsAConfigError) {
    try {
        loadPlugins(parse(echoYaml({"greeting: hi", "repeat: -2"})));
        FAIL() << "expected a ConfigError";
    } catch (const config::ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr("repeat must not be negative"));
    }
}

}  // namespace
}  // namespace lodestone::plugins
