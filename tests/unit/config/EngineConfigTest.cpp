// The job engine's settings, storage.synchronous, the bundled default plugins and project
// settings under provision.
#include <gtest/gtest.h>

#include <fstream>

#include "ConfigTestSupport.hpp"
#include "support/TempDir.hpp"

using namespace lodestone::config;
using namespace lodestone::config::testing;
using namespace std::chrono_literals;
using ::testing::HasSubstr;

namespace {

const char* const kStorage = "storage: { path: x.db }\n";

const PluginConfig* pluginNamed(const Config& config, const std::string& name) {
    const PluginConfig* found = nullptr;
    int matches = 0;
    for (const auto& plugin : config.plugins) {
        if (plugin.name == name) {
            found = &plugin;
            ++matches;
        }
    }
    EXPECT_LE(matches, 1) << "plugin " << name << " is listed " << matches << " times";
    return found;
}

}  // namespace

// --- jobs -------------------------------------------------------------------------------------

TEST(EngineConfig, JobSettingsHaveTheDocumentedDefaults) {
    Config config = parse(kStorage);
    EXPECT_EQ(config.jobs.leaseGrace, 15s);
    EXPECT_EQ(config.jobs.reaperInterval, 5s);
    EXPECT_EQ(config.jobs.pollInterval, 1s);
    EXPECT_TRUE(config.jobs.run);
    EXPECT_EQ(config.storage.synchronous, "full");
}

TEST(EngineConfig, ReadsJobSettings) {
    Config config = parse(std::string(kStorage) +
                          "jobs:\n  lease_grace: 1m\n  reaper_interval: 250ms\n"
                          "  poll_interval: 2s\n  run: false\n");
    EXPECT_EQ(config.jobs.leaseGrace, 1min);
    EXPECT_EQ(config.jobs.reaperInterval, 250ms);
    EXPECT_EQ(config.jobs.pollInterval, 2s);
    EXPECT_FALSE(config.jobs.run);
}

TEST(EngineConfig, AZeroLeaseGraceIsAnErrorNamingTheKey) {
    // A lease lasts the step's timeout plus the grace: with none it would expire the moment a
    // step that is still within its timeout finishes, and the rescuer could take it back.
    EXPECT_THAT(errorOf(std::string(kStorage) + "jobs:\n  lease_grace: 0s\n"),
                HasSubstr("lodestone.yaml:3: jobs.lease_grace: must be more than 0"));
}

TEST(EngineConfig, TheSmallestLeaseGraceIsAllowed) {
    EXPECT_EQ(parse(std::string(kStorage) + "jobs: { lease_grace: 1ms }\n").jobs.leaseGrace, 1ms);
}

TEST(EngineConfig, AZeroReaperIntervalIsAnErrorNamingTheKey) {
    EXPECT_THAT(errorOf(std::string(kStorage) + "jobs:\n  reaper_interval: 0s\n"),
                HasSubstr("lodestone.yaml:3: jobs.reaper_interval: must be more than 0"));
}

TEST(EngineConfig, AZeroPollIntervalIsAnErrorNamingTheKey) {
    EXPECT_THAT(errorOf(std::string(kStorage) + "jobs:\n  poll_interval: 0ms\n"),
                HasSubstr("lodestone.yaml:3: jobs.poll_interval: must be more than 0"));
}

TEST(EngineConfig, BothIntervalsZeroAreTwoErrors) {
    auto messages = errorsOf(std::string(kStorage) +
                             "jobs: { reaper_interval: 0s, "
                             "poll_interval: 0s }\n");
    ASSERT_EQ(messages.size(), 2u) << ::testing::PrintToString(messages);
    EXPECT_THAT(messages[0] + messages[1], HasSubstr("jobs.reaper_interval"));
    EXPECT_THAT(messages[0] + messages[1], HasSubstr("jobs.poll_interval"));
}

TEST(EngineConfig, RunMustBeABoolean) {
    EXPECT_THAT(errorOf(std::string(kStorage) + "jobs:\n  run: sometimes\n"),
                HasSubstr("lodestone.yaml:3: jobs.run: expected true or false"));
}

// --- storage.synchronous ----------------------------------------------------------------------

TEST(EngineConfig, SynchronousIsFullOrNormal) {
    EXPECT_EQ(parse("storage: { path: x.db, synchronous: normal }\n").storage.synchronous,
              "normal");
    EXPECT_EQ(parse("storage: { path: x.db, synchronous: full }\n").storage.synchronous, "full");
}

TEST(EngineConfig, AnyOtherSynchronousModeIsAnErrorNamingKeyAndLine) {
    for (const std::string mode : {"off", "extra", "FULL", "\"\""}) {
        EXPECT_THAT(errorOf("storage:\n  path: x.db\n  synchronous: " + mode + "\n"),
                    HasSubstr("lodestone.yaml:3: storage.synchronous: expected full or normal"))
            << mode;
    }
    EXPECT_THAT(errorOf("storage:\n  path: x.db\n  synchronous: off\n"), HasSubstr("\"off\""));
}

// --- default pipeline plugins -----------------------------------------------------------------

TEST(EngineConfig, StepsWithoutAPluginGetTheBundledDefaults) {
    Config config = parse(kStorage);
    ASSERT_TRUE(config.pipeline.research.plugin);
    ASSERT_TRUE(config.pipeline.content.plugin);
    EXPECT_EQ(config.pipeline.research.plugin->name, "research-basic");
    EXPECT_EQ(config.pipeline.content.plugin->name, "content-template");
    EXPECT_EQ(config.pipeline.research.plugin->path, "pipeline.research.plugin");
    EXPECT_EQ(config.pipeline.content.plugin->path, "pipeline.content.plugin");
    ASSERT_TRUE(config.webhooks.plugin);
    EXPECT_EQ(config.webhooks.plugin->name, "webhook-http");
    EXPECT_EQ(config.webhooks.plugin->path, "webhooks.plugin");

    ASSERT_EQ(config.plugins.size(), 3u);
    const auto* research = pluginNamed(config, "research-basic");
    const auto* content = pluginNamed(config, "content-template");
    ASSERT_TRUE(research);
    ASSERT_TRUE(content);
    EXPECT_EQ(research->library, "/usr/lib/lodestone/plugins/research-basic.so");
    EXPECT_EQ(content->library, "/usr/lib/lodestone/plugins/content-template.so");
    EXPECT_FALSE(research->config);
    EXPECT_EQ(config.findPlugin("research-basic"), research);
}

TEST(EngineConfig, DefaultsAreResolvedInThePluginDir) {
    auto options = optionsWithEnv();
    options.pluginDir = "/opt/lodestone/lib/../plugins";
    Config config = parseConfig(kStorage, kConfigFile, options);
    ASSERT_TRUE(config.findPlugin("content-template"));
    EXPECT_EQ(config.findPlugin("content-template")->library,
              "/opt/lodestone/plugins/content-template.so");
}

TEST(EngineConfig, AConfiguredStepKeepsItsPlugin) {
    Config config = parse(std::string(kStorage) +
                          "plugins:\n  mine: { library: /opt/mine.so }\n"
                          "pipeline:\n  research: { plugin: mine }\n");
    EXPECT_EQ(config.pipeline.research.plugin->name, "mine");
    EXPECT_EQ(config.pipeline.content.plugin->name, "content-template");
    ASSERT_EQ(config.plugins.size(), 3u);
    EXPECT_FALSE(pluginNamed(config, "research-basic"));
    ASSERT_TRUE(pluginNamed(config, "content-template"));
}

TEST(EngineConfig, ResearchMayNameAListOfInstancesRunAsAWaterfall) {
    Config single = parse(std::string(kStorage) +
                          "plugins:\n  mine: { library: /opt/mine.so }\n"
                          "pipeline:\n  research: { plugin: mine }\n");
    ASSERT_EQ(single.pipeline.research.waterfall.size(), 1u);
    EXPECT_EQ(single.pipeline.research.waterfall[0].name, "mine");
    EXPECT_EQ(parse(kStorage).pipeline.research.waterfall.at(0).name, "research-basic");

    Config list = parse(std::string(kStorage) +
                        "plugins:\n  mine: { library: /opt/mine.so }\n"
                        "  research-basic: { library: research-basic }\n"
                        "pipeline:\n  research:\n    plugin: [mine, research-basic]\n");
    ASSERT_EQ(list.pipeline.research.waterfall.size(), 2u);
    EXPECT_EQ(list.pipeline.research.plugin->name, "mine");
    EXPECT_EQ(list.pipeline.research.waterfall[1].name, "research-basic");
    EXPECT_EQ(list.pipeline.research.waterfall[1].path, "pipeline.research.plugin[1]");
    EXPECT_EQ(list.pipeline.research.waterfall[1].line, 7);

    // A bundled default named in a list is not added for it: the list says what runs.
    EXPECT_THAT(errorOf(std::string(kStorage) +
                        "plugins:\n  mine: { library: /opt/mine.so }\n"
                        "pipeline:\n  research:\n    plugin: [mine, research-basic]\n"),
                HasSubstr("pipeline.research.plugin[1]: no plugin named \"research-basic\""));
    EXPECT_THAT(
        errorOf(std::string(kStorage) + "plugins:\n  mine: { library: /opt/mine.so }\n"
                                        "pipeline:\n  research:\n    plugin: [mine, mine]\n"),
        HasSubstr("pipeline.research.plugin[1]: \"mine\" is already in the list"));
    EXPECT_THAT(errorOf(std::string(kStorage) + "pipeline:\n  research:\n    plugin: []\n"),
                HasSubstr("pipeline.research.plugin: expected at least one"));
    EXPECT_THAT(
        errorOf(std::string(kStorage) + "pipeline:\n  content:\n    plugin: [content-template]\n"),
        HasSubstr("pipeline.content.plugin"));
}

TEST(EngineConfig, ADeclaredPluginOfTheDefaultsNameIsUsedNotDuplicated) {
    Config config = parse(std::string(kStorage) +
                          "plugins:\n  research-basic:\n    library: /opt/custom/research.so\n"
                          "    config: { depth: 2 }\n");
    EXPECT_EQ(config.pipeline.research.plugin->name, "research-basic");
    ASSERT_EQ(config.plugins.size(), 3u);
    const auto* research = pluginNamed(config, "research-basic");
    ASSERT_TRUE(research);
    EXPECT_EQ(research->library, "/opt/custom/research.so");
    EXPECT_TRUE(research->config);
}

TEST(EngineConfig, AProcessThatRunsNoJobsGetsNoDefaultPlugins) {
    Config config = parse(std::string(kStorage) + "jobs: { run: false }\n");
    EXPECT_TRUE(config.plugins.empty());
    EXPECT_FALSE(config.pipeline.research.plugin);
    EXPECT_FALSE(config.pipeline.content.plugin);
}

TEST(EngineConfig, AStepsUnknownPluginIsStillAnErrorWithDefaultsAround) {
    EXPECT_THAT(errorOf(std::string(kStorage) + "pipeline:\n  content:\n    plugin: nope\n"),
                HasSubstr("lodestone.yaml:4: pipeline.content.plugin: no plugin named \"nope\""));
}

// --- project settings under provision ---------------------------------------------------------

TEST(EngineConfig, ProjectSettingsAreReadAsJson) {
    Config config = parse(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings:
            page:
              template: "<h1>{{title}}</h1>"
            content: { tone: friendly }
        - name: Plain
)");
    const auto& projects = config.provision.organisations.at(0).projects;
    ASSERT_EQ(projects.size(), 2u);
    ASSERT_TRUE(projects[0].settingsJson);
    auto json = *projects[0].settingsJson;
    EXPECT_THAT(json, HasSubstr(R"("page":{"template":"<h1>{{title}}</h1>"})"));
    EXPECT_THAT(json, HasSubstr(R"("content":{"tone":"friendly"})"));
    EXPECT_FALSE(projects[1].settingsJson);
}

TEST(EngineConfig, ProjectSettingsCanComeFromAFile) {
    lodestone::test::TempDir dir;
    { std::ofstream(dir / "settings.yaml") << "page:\n  template: \"<p>{{title}}</p>\"\n"; }
    Config config = parseConfig(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings_file: settings.yaml
)",
                                dir / "lodestone.yaml", optionsWithEnv());
    const auto& project = config.provision.organisations.at(0).projects.at(0);
    ASSERT_TRUE(project.settingsJson);
    EXPECT_EQ(*project.settingsJson, R"({"page":{"template":"<p>{{title}}</p>"}})");
}

TEST(EngineConfig, ASettingsFileThatIsNotAMappingNamesTheFile) {
    lodestone::test::TempDir dir;
    { std::ofstream(dir / "settings.yaml") << "- a\n- b\n"; }
    auto message = errorOf(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings_file: )" +
                           (dir / "settings.yaml").string() + "\n");
    EXPECT_THAT(message, HasSubstr("settings.yaml"));
    EXPECT_THAT(message, HasSubstr("expected a mapping of project settings"));
}

TEST(EngineConfig, AMissingSettingsFileIsAnError) {
    auto message = errorOf(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings_file: /nonexistent/settings.yaml
)");
    EXPECT_THAT(message, HasSubstr("/nonexistent/settings.yaml"));
}

TEST(EngineConfig, SettingsAndSettingsFileTogetherAreAnError) {
    EXPECT_THAT(
        errorOf(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings: { page: {} }
          settings_file: settings.yaml
)"),
        HasSubstr("lodestone.yaml:8: provision.organisations[0].projects[0].settings_file: give "
                  "either `settings` or `settings_file`, not both"));
}

TEST(EngineConfig, SettingsMustBeAMapping) {
    EXPECT_THAT(errorOf(std::string(kStorage) + R"(provision:
  organisations:
    - name: Acme
      projects:
        - name: Guides
          settings: [page]
)"),
                HasSubstr("lodestone.yaml:7: provision.organisations[0].projects[0].settings: "
                          "expected a mapping of project settings"));
}
