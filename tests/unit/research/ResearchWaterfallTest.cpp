#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "config/ConfigError.hpp"
#include "config/ConfigLoader.hpp"
#include "plugins/PluginError.hpp"
#include "plugins/PluginRegistry.hpp"
#include "research/ResearchWaterfall.hpp"

namespace lodestone::research {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// One per process: CTest runs this binary's tests side by side.
const std::string kStateDir =
    "/tmp/lodestone-research-waterfall-test-" + std::to_string(::getpid());
// Gone when the tests are: nothing of this process's runs is left in /tmp.
struct StateDirRemover {
    ~StateDirRemover() {
        std::error_code ignored;
        std::filesystem::remove_all(kStateDir, ignored);
    }
} removeStateDirAtExit;

// The instances a test may put in its waterfall: the scripted plugin failing every time, refusing
// every input, or dawdling; echo, whose output is not research's; and research-basic.
std::string configYaml(const std::string& waterfall) {
    return "storage:\n"
           "  path: " +
           kStateDir +
           "/lodestone.db\n"
           "plugins:\n"
           "  failing:\n"
           "    library: " SCRIPTED_PLUGIN_PATH
           "\n"
           "    config: {state_dir: " +
           kStateDir +
           ", fail_times: 1000}\n"
           "  refusing:\n"
           "    library: " SCRIPTED_PLUGIN_PATH
           "\n"
           "    config: {state_dir: " +
           kStateDir +
           ", reject_times: 1000}\n"
           "  slow:\n"
           "    library: " SCRIPTED_PLUGIN_PATH
           "\n"
           "    config: {state_dir: " +
           kStateDir +
           ", work: 1h}\n"
           "  refusing-too:\n"
           "    library: " SCRIPTED_PLUGIN_PATH
           "\n"
           "    config: {state_dir: " +
           kStateDir +
           ", reject_times: 1000}\n"
           "  echo:\n"
           "    library: " ECHO_PLUGIN_PATH
           "\n"
           "    config: {greeting: hi}\n"
           "  research-basic:\n"
           "    library: " BASIC_PLUGIN_PATH
           "\n"
           "pipeline:\n"
           "  research:\n"
           "    plugin: " +
           waterfall +
           "\n"
           "jobs:\n"
           "  run: false\n";
}

config::Config parse(const std::string& waterfall) {
    // The scripted instances count attempts there: each test starts from none.
    std::filesystem::remove_all(kStateDir);
    std::filesystem::create_directories(kStateDir);
    config::LoadOptions options;
    options.pluginDir = "/nonexistent/plugins";
    options.env = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
    return config::parseConfig(configYaml(waterfall), kStateDir + "/lodestone.yaml", options);
}

ResearchWaterfall waterfall(const std::string& list) {
    return ResearchWaterfall(plugins::loadPlugins(parse(list)).researchWaterfall());
}

const std::string kProspect = R"({"jobId": "job_1", "kind": "prospect", "prospectId": "p_1",
  "lead": {"email": "sam@spin.example", "fullName": "Sam Spade", "company": "Lucky Spin"},
  "notes": "Online gambling operator, sportsbook and slots"})";

Poco::JSON::Object::Ptr run(const ResearchWaterfall& research,
                            std::int64_t deadline = plugins::RunControl::kNoDeadline) {
    plugins::RunControl control(deadline);
    return Poco::JSON::Parser()
        .parse(research.run(control, kProspect))
        .extract<Poco::JSON::Object::Ptr>();
}

plugins::PluginError failure(const ResearchWaterfall& research) {
    try {
        run(research);
    } catch (const plugins::PluginError& e) {
        return e;
    }
    ADD_FAILURE() << "expected the waterfall to fail";
    return plugins::PluginError("none", LODESTONE_OK, "");
}

std::vector<std::string> warnings(const Poco::JSON::Object::Ptr& output) {
    std::vector<std::string> out;
    if (!output->has("warnings")) return out;
    for (const auto& warning : *output->getArray("warnings")) out.push_back(warning.toString());
    return out;
}

TEST(ResearchWaterfall, TheConfigNamesItsInstancesInOrder) {
    auto config = parse("[failing, research-basic]");
    ASSERT_EQ(config.pipeline.research.waterfall.size(), 2u);
    EXPECT_EQ(config.pipeline.research.waterfall[1].name, "research-basic");
    EXPECT_EQ(config.pipeline.research.waterfall[1].path, "pipeline.research.plugin[1]");
    EXPECT_EQ(config.pipeline.research.plugin->name, "failing");
    EXPECT_EQ(waterfall("[failing, research-basic]").name(), "failing,research-basic");
    EXPECT_EQ(waterfall("research-basic").name(), "research-basic");
}

TEST(ResearchWaterfall, EachNameIsCheckedAtItsPlaceInTheList) {
    try {
        parse("[research-basic, nope]");
        FAIL() << "expected a ConfigError";
    } catch (const config::ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr("pipeline.research.plugin[1]: no plugin named \"nope\""));
    }
    try {
        parse("[research-basic, research-basic]");
        FAIL() << "expected a ConfigError";
    } catch (const config::ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr("pipeline.research.plugin[1]"));
    }
    try {
        parse("[]");
        FAIL() << "expected a ConfigError";
    } catch (const config::ConfigError& e) {
        EXPECT_THAT(e.what(), HasSubstr("pipeline.research.plugin"));
    }
}

TEST(ResearchWaterfall, OneFailingInstanceIsAWarningAndTheNextStillResearches) {
    auto output = run(waterfall("[failing, research-basic]"));
    EXPECT_EQ(output->getObject("company")->get("industry").toString(), "Gambling");
    ASSERT_EQ(warnings(output).size(), 1u);
    EXPECT_THAT(warnings(output)[0], HasSubstr("failing failed: plugin \"failing\" failed"));
    EXPECT_THAT(warnings(output)[0], HasSubstr("scripted failure"));
}

TEST(ResearchWaterfall, OutputThatIsNotResearchJsonIsLeftOut) {
    auto output = run(waterfall("[echo, research-basic]"));
    EXPECT_EQ(output->getObject("company")->get("industry").toString(), "Gambling");
    EXPECT_FALSE(output->has("input"));
    EXPECT_THAT(warnings(output), ElementsAre(HasSubstr("echo failed: its output is not")));
}

TEST(ResearchWaterfall, AnInstanceOutOfTimeLeavesTheRestOfTheStepToTheNext) {
    // The slow one gets half of the step's 4 s and is cancelled at its end.
    auto output = run(waterfall("[slow, research-basic]"),
                      plugins::RunControl::deadlineIn(std::chrono::seconds(4)));
    EXPECT_EQ(output->getObject("company")->get("industry").toString(), "Gambling");
    EXPECT_THAT(warnings(output), ElementsAre(HasSubstr("slow failed: did not finish within its "
                                                        "share of the step's timeout")));
}

TEST(ResearchWaterfall, AllFailingFailsTheStepRetryablyUnlessEachRefusedTheInput) {
    auto mixed = failure(waterfall("[failing, refusing]"));
    EXPECT_EQ(mixed.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(mixed.what(), HasSubstr("every research plugin of the waterfall failed"));
    EXPECT_THAT(mixed.what(), HasSubstr("failing: plugin \"failing\" failed"));
    EXPECT_THAT(mixed.what(), HasSubstr("refusing: plugin \"refusing\" rejected its input"));
    auto refused = failure(waterfall("[refusing, refusing-too]"));
    EXPECT_EQ(refused.status(), LODESTONE_ERROR_INVALID_INPUT);
    auto garbled = failure(waterfall("[refusing, echo]"));
    EXPECT_EQ(garbled.status(), LODESTONE_ERROR_FAILED);  // echo's output is no refusal
}

TEST(ResearchWaterfall, AWaterfallOfOneFailsAsThePluginAlwaysDid) {
    auto error = failure(waterfall("[refusing]"));
    EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
    EXPECT_EQ(error.plugin(), "refusing");
}

}  // namespace
}  // namespace lodestone::research
