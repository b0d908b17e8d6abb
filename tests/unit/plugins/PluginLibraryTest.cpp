// Loading libraries: real dlopen of the test plugins, and every way a library can be refused.
#include <filesystem>
#include <fstream>

#include "plugins/Describe.hpp"
#include "plugins/PluginError.hpp"
#include "plugins/PluginLibrary.hpp"
#include "unit/plugins/PluginTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::AllOf;
using ::testing::ContainsRegex;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using namespace testing;

// A file that exists but is no shared object.
std::string notAPlugin() {
    auto file = std::filesystem::temp_directory_path() / "lodestone-not-a-plugin.so";
    std::ofstream(file) << "not an ELF file\n";
    return file.string();
}

std::vector<std::string> openErrors(const std::string& file) {
    try {
        PluginLibrary::open(file);
    } catch (const LibraryError& e) {
        return e.messages();
    }
    ADD_FAILURE() << "expected " << file << " to be refused";
    return {};
}

TEST(PluginLibrary, OpensTheEchoPluginAndCopiesItsMetadata) {
    auto library = PluginLibrary::open(kEchoPlugin);
    const PluginInfo& info = library->info();
    EXPECT_EQ(info.file, kEchoPlugin);
    EXPECT_EQ(info.name, "echo");
    EXPECT_EQ(info.kind, LODESTONE_PLUGIN_RESEARCH);
    EXPECT_EQ(info.version, "1.2.3");
    EXPECT_EQ(info.abiMajor, LODESTONE_ABI_MAJOR);
    ASSERT_EQ(info.configKeys.size(), 7u);
    EXPECT_EQ(info.configKeys[0].name, "greeting");
    EXPECT_TRUE(info.configKeys[0].required);
    EXPECT_FALSE(info.configKeys[0].defaultValue);
    ASSERT_NE(info.findKey("pause"), nullptr);
    EXPECT_EQ(info.findKey("pause")->type, LODESTONE_CONFIG_DURATION);
    EXPECT_EQ(info.findKey("pause")->defaultValue, "5s");
    EXPECT_EQ(info.findKey("nope"), nullptr);
}

TEST(PluginLibrary, RefusesAnotherAbiMajorNamingTheFileAndBothVersions) {
    EXPECT_THAT(openErrors(LODESTONE_ABI99_PLUGIN),
                ElementsAre(std::string("plugin library ") + LODESTONE_ABI99_PLUGIN +
                            " was built for plugin ABI 99.x; this lodestoned speaks 1.x"));
}

TEST(PluginLibrary, RefusesALibraryWithoutTheEntrySymbol) {
    EXPECT_THAT(openErrors(LODESTONE_NOENTRY_PLUGIN),
                ElementsAre(AllOf(HasSubstr(LODESTONE_NOENTRY_PLUGIN),
                                  HasSubstr("does not export the symbol lodestone_plugin_entry"))));
}

TEST(PluginLibrary, RefusesADescriptorShorterThanAbi10) {
    EXPECT_THAT(
        openErrors(LODESTONE_SHORT_PLUGIN),
        ElementsAre(AllOf(HasSubstr(LODESTONE_SHORT_PLUGIN),
                          HasSubstr("smaller than the " + std::to_string(kMinDescriptorSize) +
                                    " bytes of plugin ABI 1.0"))));
}

TEST(PluginLibrary, ReportsEveryProblemOfAMalformedDescriptorAtOnce) {
    const std::string prefix = std::string("plugin library ") + LODESTONE_BROKEN_PLUGIN + ": ";
    EXPECT_THAT(
        openErrors(LODESTONE_BROKEN_PLUGIN),
        ElementsAre(
            prefix + "unknown plugin kind 9 (known: research, content, webhook, mailer)",
            prefix + "the descriptor has no run callback",
            prefix + "config key \"dup\" is declared twice",
            prefix + "default value \"ten\" of config key \"count\" is not a valid integer",
            prefix + "config key \"weird\" has unknown type 42",
            prefix + "config key #5 has no name",
            prefix + "default value \"soon\" of config key \"wait\" is not a valid duration",
            prefix + "minimum \"one\" of config key \"low\" is not a valid integer",
            prefix + "config key \"name\" has a range, but a string has none",
            prefix + "config key \"span\" has a minimum above its maximum",
            prefix + "default value \"3\" of config key \"far\" is not between 0 and 1"));
}

TEST(PluginLibrary, ReadsTheRangesOfAKeyTable) {
    auto library = PluginLibrary::open(kEchoPlugin);
    const ConfigKeyInfo* ratio = library->info().findKey("ratio");
    ASSERT_NE(ratio, nullptr);
    EXPECT_EQ(ratio->minimum, "0");
    EXPECT_EQ(ratio->maximum, "10");
    const ConfigKeyInfo* repeat = library->info().findKey("repeat");
    ASSERT_NE(repeat, nullptr);
    EXPECT_FALSE(repeat->minimum);
    EXPECT_EQ(repeat->maximum, "100");
}

TEST(PluginLibrary, OpensAPluginBuiltBeforeKeysHadARange) {
    // Its keys are smaller than this host's: read at their own size, all of them, no bounds.
    auto library = PluginLibrary::open(LODESTONE_ABI12_PLUGIN);
    const PluginInfo& info = library->info();
    EXPECT_EQ(info.abiMinor, 2u);
    ASSERT_EQ(info.configKeys.size(), 2u);
    EXPECT_EQ(info.configKeys[0].name, "count");
    EXPECT_EQ(info.configKeys[0].defaultValue, "7");
    EXPECT_EQ(info.configKeys[1].name, "wait");
    EXPECT_EQ(info.configKeys[1].type, LODESTONE_CONFIG_DURATION);
    EXPECT_EQ(info.configKeys[1].description, "Any duration.");
    for (const auto& key : info.configKeys) EXPECT_FALSE(key.minimum || key.maximum) << key.name;
}

TEST(PluginLibrary, RefusesAMissingFile) {
    EXPECT_THAT(openErrors("/nonexistent/research-x.so"),
                ElementsAre("plugin library /nonexistent/research-x.so does not exist"));
}

TEST(PluginLibrary, PassesTheDynamicLoadersMessageOn) {
    // dlopen's own words say why.
    const std::string file = notAPlugin();
    const std::string prefix = "cannot load plugin library " + file + ": ";
    auto messages = openErrors(file);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_THAT(messages[0], StartsWith(prefix));
    EXPECT_GT(messages[0].size(), prefix.size()) << "the loader's reason is missing";
}

TEST(Describe, PrintsMetadataAndTheKeyTable) {
    const std::string text = describe(PluginLibrary::open(kEchoPlugin)->info());
    EXPECT_THAT(text, StartsWith("echo 1.2.3 (research plugin, ABI 1." +
                                 std::to_string(LODESTONE_ABI_MINOR) + ")\n  " +
                                 std::string(kEchoPlugin) + "\n"));
    EXPECT_THAT(text, HasSubstr("config keys:\n"));
    EXPECT_THAT(text,
                ContainsRegex("\n    greeting +string +required +Copied into every output\\.\n"));
    EXPECT_THAT(text, ContainsRegex("\n    pause +duration +default: 5s +Echoed back"));
    EXPECT_THAT(text,
                ContainsRegex("\n    ratio +number +default: 0.5, between 0 and 10 +Echoed back"));
    EXPECT_THAT(text, ContainsRegex("\n    repeat +integer +default: 1, at most 100 +How many"));
    EXPECT_THAT(text, ContainsRegex("\n    tags +string_list +default: \\[alpha, beta\\] +Echo"));
    EXPECT_THAT(text, ContainsRegex("\n    extra +object +optional +Any mapping"));
}

TEST(LoadPlugins, LoadsAndResolvesThePipelinePlugin) {
    auto registry = loadPlugins(
        parse(echoYaml({"greeting: hi"}, "pipeline:\n  research:\n    plugin: echo\n")));
    ASSERT_EQ(registry.size(), 1u);
    ASSERT_NE(registry.find("echo"), nullptr);
    EXPECT_EQ(registry.find("other"), nullptr);
    EXPECT_EQ(registry.research(), registry.find("echo"));
    EXPECT_EQ(registry.content(), nullptr);
    EXPECT_EQ(registry.webhook(), nullptr);
    for (const auto& instance : registry) EXPECT_EQ(instance->name(), "echo");
}

TEST(LoadPlugins, NamesTheLibraryKeyAndLineForAMissingFile) {
    EXPECT_EQ(
        loadError(pluginYaml("/nonexistent/research-x.so", {"greeting: hi"})),
        at(5, "plugins.echo.library") + "plugin library /nonexistent/research-x.so does not exist");
}

TEST(LoadPlugins, NamesTheLibraryKeyAndLineForAWrongAbi) {
    EXPECT_EQ(loadError(pluginYaml(LODESTONE_ABI99_PLUGIN, {})),
              at(5, "plugins.echo.library") + "plugin library " + LODESTONE_ABI99_PLUGIN +
                  " was built for plugin ABI 99.x; this lodestoned speaks 1.x");
}

TEST(LoadPlugins, NamesTheLibraryKeyAndLineForAMissingSymbol) {
    EXPECT_THAT(
        loadError(pluginYaml(LODESTONE_NOENTRY_PLUGIN, {})),
        AllOf(StartsWith(at(5, "plugins.echo.library")), HasSubstr("lodestone_plugin_entry")));
}

TEST(LoadPlugins, NamesTheLibraryKeyAndLineForALoadFailure) {
    const std::string file = notAPlugin();
    EXPECT_THAT(
        loadError(pluginYaml(file, {})),
        StartsWith(at(5, "plugins.echo.library") + "cannot load plugin library " + file + ": "));
}

TEST(LoadPlugins, RefusesAPluginOfTheWrongKindForAPipelineStep) {
    const std::string yaml = echoYaml({"greeting: hi"},
                                      "pipeline:\n"
                                      "  research:\n"
                                      "    plugin: echo\n"
                                      "  content:\n"
                                      "    plugin: echo\n"
                                      "webhooks:\n"
                                      "  plugin: echo\n");
    EXPECT_THAT(
        loadErrors(yaml),
        ElementsAre(at(12, "pipeline.content.plugin") + "plugin \"echo\" is a research plugin (" +
                        kEchoPlugin + "); this needs a content plugin",
                    at(14, "webhooks.plugin") + "plugin \"echo\" is a research plugin (" +
                        kEchoPlugin + "); this needs a webhook plugin"));
}

TEST(LoadPlugins, RefusesAMailerThatIsNotOne) {
    const std::string yaml = echoYaml({"greeting: hi"},
                                      "pipeline:\n"
                                      "  mailer:\n"
                                      "    plugin: echo\n");
    EXPECT_THAT(loadErrors(yaml), ElementsAre(at(10, "pipeline.mailer.plugin") +
                                              "plugin \"echo\" is a research plugin (" +
                                              kEchoPlugin + "); this needs a mailer plugin"));
}

TEST(LoadPlugins, CollectsTheProblemsOfEveryPlugin) {
    const std::string yaml =
        "storage:\n"
        "  path: /tmp/x.db\n"
        "plugins:\n"
        "  first:\n"
        "    library: /nonexistent/a.so\n"
        "  second:\n"
        "    library: " +
        std::string(kEchoPlugin) +
        "\n"
        "  third:\n"
        "    library: " +
        LODESTONE_ABI99_PLUGIN + "\njobs:\n  run: false\n";
    auto messages = loadErrors(yaml);
    ASSERT_EQ(messages.size(), 3u) << ::testing::PrintToString(messages);
    EXPECT_THAT(messages[0], StartsWith(at(5, "plugins.first.library")));
    EXPECT_THAT(messages[1], StartsWith(at(6, "plugins.second.config.greeting")));
    EXPECT_THAT(messages[2], StartsWith(at(9, "plugins.third.library")));
}

TEST(LoadPlugins, SharesOneLibraryBetweenInstances) {
    const std::string yaml =
        "storage:\n  path: /tmp/x.db\nplugins:\n"
        "  a:\n    library: " +
        std::string(kEchoPlugin) +
        "\n    config:\n      greeting: a\n"
        "  b:\n    library: " +
        kEchoPlugin + "\n    config:\n      greeting: b\njobs:\n  run: false\n";
    auto registry = loadPlugins(parse(yaml));
    ASSERT_EQ(registry.size(), 2u);
    EXPECT_EQ(registry.find("a")->library(), registry.find("b")->library());
}

TEST(LoadPlugins, KeepsTheLibraryLoadedWhileAnInstanceLives) {
    std::shared_ptr<const PluginInstance> instance;
    {
        auto registry = loadPlugins(parse(echoYaml({"greeting: hi"})));
        instance = registry.find("echo");
    }
    RunControl control;
    EXPECT_THAT(instance->run(control, "{}"), HasSubstr("\"greeting\":\"hi\""));
}

}  // namespace
}  // namespace lodestone::plugins
