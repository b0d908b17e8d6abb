// A research waterfall in lodestoned, end to end: pipeline.research.plugin lists two instances,
// the first of which fails (the scripted test plugin, throwing every time), reads nothing
// (research-web kept off the loopback fixture site), runs out of its share of the time, answers
// something that is no research, or takes the daemon down, and the prospect still gets its
// industry from research-basic, scored against the campaign's ICP with its evidence.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>

#include "EngineSupport.hpp"
#include "support/FixtureSite.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const char* const kCampaign = R"(- name: Outbound
  icp:
    threshold: 10
    criteria:
      industries: { include: [Software], exclude: [Gambling], weight: 3 })";

// No company name that says gambling: only the notes do, which research-basic reads.
const std::string kSportsbook = R"({"companyName":"Bluebird","contactName":"Sam Spade",)"
                                R"("email":"sam@acme-fixture.example","title":"VP of Sales",)"
                                R"("notes":"Online gambling operator, sportsbook and slots"})";

EngineSetup waterfall(const std::string& firstInstanceYaml, const std::string& first) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.campaignsYaml = kCampaign;
    setup.pluginsYaml = firstInstanceYaml + "research-basic:\n  library: research-basic\n";
    setup.pipelineYaml = "research:\n  plugin: [" + first + ", research-basic]\n  timeout: 30s\n";
    return setup;
}

Poco::JSON::Object::Ptr settled(EngineDaemon& engine, const std::string& id) {
    return engine.waitForProspect("Outbound", id, [](const std::string& status) {
        return status == "qualified" || status == "disqualified" || status == "failed";
    });
}

std::string warningsOf(const Poco::JSON::Object::Ptr& prospect) {
    std::string out;
    auto findings = prospect->getObject("research")->getObject("findings");
    auto warnings = findings->getArray("warnings");
    for (std::size_t i = 0; warnings && i < warnings->size(); ++i) {
        out += warnings->getElement<std::string>(static_cast<unsigned>(i)) + "\n";
    }
    return out;
}

void expectGamblingFromTheNotes(const Poco::JSON::Object::Ptr& prospect) {
    ASSERT_EQ(prospect->getValue<std::string>("status"), "disqualified")
        << prospect->get("error").toString();
    EXPECT_EQ(prospect->getObject("research")->getValue<std::string>("status"), "completed");
    auto findings = prospect->getObject("research")->getObject("findings");
    EXPECT_EQ(findings->getObject("company")->getValue<std::string>("industry"), "Gambling");
    EXPECT_EQ(
        findings->getObject("profile")->getObject("company")->getValue<std::string>("industry"),
        "Gambling");
    EXPECT_EQ(findings->getObject("evidence")
                  ->getObject("company.industry")
                  ->getValue<std::string>("evidence"),
              "inferred");
    EXPECT_THAT(prospect->getObject("icp")->getValue<std::string>("excludedBy"),
                HasSubstr("industry Gambling (inferred from notes: "));
}

// The scripted test plugin as the instance `name`, misbehaving as `script` says.
std::string scripted(const std::string& name, const TempDir& state, const std::string& script) {
    return name + ":\n  library: " + std::string(RESEARCH_SCRIPTED_PATH) +
           "\n  config: { state_dir: " + state.path().string() + ", " + script + " }\n";
}

TEST(ResearchWaterfallEndToEnd, AFailingFirstInstanceLeavesTheIndustryToTheNext) {
    TempDir state;
    EngineDaemon engine(waterfall(scripted("throwing", state, "fail_times: 1000"), "throwing"));
    engine.start();
    auto prospect = settled(engine, engine.addLead("Outbound", kSportsbook));
    expectGamblingFromTheNotes(prospect);
    EXPECT_THAT(warningsOf(prospect), HasSubstr("throwing failed: plugin \"throwing\" failed: "
                                                "scripted failure 1 of 1000"));
}

TEST(ResearchWaterfallEndToEnd, AFirstInstanceThatReadsNothingLeavesTheIndustryToTheNext) {
    // research-web may not reach the loopback site: it reads nothing and says why.
    FixtureSite site;
    EngineDaemon engine(waterfall("web:\n  library: research-web\n  config:\n    resolve: " +
                                      site.resolveYaml() + "\n    page_timeout: 1s\n",
                                  "web"));
    engine.start();
    auto prospect = settled(engine, engine.addLead("Outbound", kSportsbook));
    expectGamblingFromTheNotes(prospect);
    EXPECT_THAT(warningsOf(prospect), HasSubstr("web: "));
    EXPECT_TRUE(site.requests().empty());
}

TEST(ResearchWaterfallEndToEnd, AFirstInstanceOutOfTimeLeavesTheRestOfTheStepToTheNext) {
    // Two instances share 6 s: the first is cancelled at its 3 s and research-basic gets the
    // rest.
    TempDir state;
    EngineSetup setup = waterfall(scripted("slow", state, "work: 1h"), "slow");
    setup.pipelineYaml = "research:\n  plugin: [slow, research-basic]\n  timeout: 6s\n";
    EngineDaemon engine(setup);
    engine.start();
    auto prospect = settled(engine, engine.addLead("Outbound", kSportsbook));
    expectGamblingFromTheNotes(prospect);
    EXPECT_THAT(warningsOf(prospect), HasSubstr("slow failed: "));
}

TEST(ResearchWaterfallEndToEnd, AFirstInstanceAnsweringNoResearchIsAWarning) {
    TempDir state;
    EngineDaemon engine(waterfall(scripted("empty", state, "empty_times: 1000"), "empty"));
    engine.start();
    auto prospect = settled(engine, engine.addLead("Outbound", kSportsbook));
    expectGamblingFromTheNotes(prospect);
    EXPECT_THAT(warningsOf(prospect), HasSubstr("empty"));
}

TEST(ResearchWaterfallEndToEnd, AFirstInstanceThatCrashesTheDaemonIsRetriedAfterTheRestart) {
    // Plugins run in the daemon's process: an abort() takes lodestoned down, and the restarted
    // daemon researches the prospect again, the instance behaving this time.
    TempDir state;
    EngineSetup setup = waterfall(scripted("crashing", state, "crash_times: 1"), "crashing");
    EngineSetup apiOnly = setup;
    apiOnly.runJobs = false;
    EngineDaemon engine(apiOnly);
    engine.start();
    const std::string id = engine.addLead("Outbound", kSportsbook);
    ASSERT_EQ(engine.daemon().stop(SIGTERM).code, 0);
    engine.launch(setup);
    const auto crash = engine.daemon().process().wait(std::chrono::seconds(60));
    ASSERT_TRUE(crash.has_value()) << "lodestoned did not crash";
    EXPECT_EQ(crash->signal, SIGABRT);
    engine.start(setup);
    auto prospect = settled(engine, id);
    expectGamblingFromTheNotes(prospect);
    EXPECT_THAT(warningsOf(prospect), Not(HasSubstr("crashing")));
}

// A reload puts a new list in force for the research that starts after it.
TEST(ResearchWaterfallEndToEnd, AReloadPutsTheListInForce) {
    TempDir state;
    const std::string throwing = scripted("throwing", state, "fail_times: 1000");
    EngineSetup single = waterfall(throwing, "throwing");
    single.pipelineYaml = "research:\n  plugin: research-basic\n";
    EngineDaemon engine(single);
    engine.start();
    auto before = settled(engine, engine.addLead("Outbound", kSportsbook));
    expectGamblingFromTheNotes(before);
    EXPECT_THAT(warningsOf(before), Not(HasSubstr("throwing")));

    engine.rewriteConfig(waterfall(throwing, "throwing"));
    engine.daemon().process().signal(SIGHUP);
    ASSERT_TRUE(eventually(
        [&] {
            return engine.daemon().process().errors().find("configuration reloaded") !=
                   std::string::npos;
        },
        std::chrono::seconds(30)));
    auto after = settled(
        engine, engine.addLead("Outbound", R"({"companyName":"Bluebird","contactName":"Jo Doe",)"
                                           R"("email":"jo@acme-fixture.example",)"
                                           R"("title":"VP of Sales","notes":"Online )"
                                           R"(gambling operator, sportsbook and slots"})"));
    expectGamblingFromTheNotes(after);
    EXPECT_THAT(warningsOf(after), HasSubstr("throwing failed: "));
}

}  // namespace
}  // namespace lodestone::test
