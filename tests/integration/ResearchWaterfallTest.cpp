// A research waterfall in lodestoned, end to end: pipeline.research.plugin lists two instances,
// the first of which fails (the scripted test plugin, throwing every time) or reads nothing
// (research-web kept off the loopback fixture site), and the prospect still gets its industry
// from research-basic, scored against the campaign's ICP with its evidence.
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

TEST(ResearchWaterfallEndToEnd, AFailingFirstInstanceLeavesTheIndustryToTheNext) {
    TempDir state;
    EngineDaemon engine(waterfall("throwing:\n  library: " + std::string(RESEARCH_SCRIPTED_PATH) +
                                      "\n  config: { state_dir: " + state.path().string() +
                                      ", fail_times: 1000 }\n",
                                  "throwing"));
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

// A reload puts a new list in force for the research that starts after it.
TEST(ResearchWaterfallEndToEnd, AReloadPutsTheListInForce) {
    TempDir state;
    const std::string throwing = "throwing:\n  library: " + std::string(RESEARCH_SCRIPTED_PATH) +
                                 "\n  config: { state_dir: " + state.path().string() +
                                 ", fail_times: 1000 }\n";
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
