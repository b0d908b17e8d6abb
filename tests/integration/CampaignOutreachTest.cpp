// Campaign outreach end to end: leads added over HTTP are researched by the bundled research
// plugin, scored against the campaign's ICP and end qualified or disqualified; a meeting booked
// for one writes the spec's payload to the webhook outbox.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>

#include "EngineSupport.hpp"
#include "storage/JobRepository.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

const char* const kCampaigns = R"(- name: Enterprise
  calendar_url: https://cal.example.test/intro
  icp:
    threshold: 60
    criteria:
      industries: { include: [Software], exclude: [Gambling], weight: 3 }
      employees: { min: 50, max: 1000, weight: 2 }
      seniority: { include: [vp, director, c_level], weight: 2 })";

const std::string kFits = R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
                          R"("email":"ada@engines.example","title":"VP Engineering",)"
                          R"("company":{"industry":"Software","employeeCount":200}})";
const std::string kDoesNotFit =
    R"({"companyName":"Corner Shop","contactName":"Sam Till","email":"sam@shop.example",)"
    R"("title":"Intern","company":{"industry":"Retail","employeeCount":5}})";

Poco::JSON::Object::Ptr parse(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
}

class CampaignOutreach : public ::testing::Test {
  protected:
    static EngineSetup setup(bool realPlugins) {
        EngineSetup setup;
        setup.realPlugins = realPlugins;
        setup.campaignsYaml = kCampaigns;
        return setup;
    }

    std::string add(EngineDaemon& engine, const std::string& body) {
        return engine.addLead("Enterprise", body);
    }

    Poco::JSON::Object::Ptr prospect(EngineDaemon& engine, const std::string& id) {
        return engine.prospect("Enterprise", id);
    }

    bool researching(EngineDaemon& engine, const std::string& id) {
        return eventually(
            [&] { return prospect(engine, id)->getValue<std::string>("status") == "researching"; },
            std::chrono::seconds(30));
    }

    // A 45-minute meeting on 2026-12-03 at 10:30 UTC.
    HttpReply bookDiscoveryCall(EngineDaemon& engine, const std::string& id) {
        return engine.post("/api/campaigns/" + engine.campaignId("Enterprise") + "/meetings",
                           R"({"prospectId":")" + id +
                               R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":45,)"
                               R"("title":"Discovery call"})");
    }

    // Polls until the prospect leaves the pipeline (qualified, disqualified or failed).
    Poco::JSON::Object::Ptr settled(EngineDaemon& engine, const std::string& id) {
        return engine.waitForProspect("Enterprise", id, [](const std::string& status) {
            return status == "qualified" || status == "disqualified" || status == "failed";
        });
    }
};

std::vector<std::string> statuses(const Poco::JSON::Object::Ptr& prospect) {
    std::vector<std::string> out;
    auto history = prospect->getArray("history");
    for (std::size_t i = 0; i < history->size(); ++i) {
        out.push_back(
            history->getObject(static_cast<unsigned>(i))->getValue<std::string>("status"));
    }
    return out;
}

TEST_F(CampaignOutreach, ALeadThatFitsQualifiesAndOneThatDoesNotIsDisqualified) {
    EngineDaemon engine(setup(true));
    engine.start();
    auto fits = add(engine, kFits);
    auto doesNot = add(engine, kDoesNotFit);

    auto qualified = settled(engine, fits);
    EXPECT_EQ(qualified->getValue<std::string>("status"), "qualified");
    EXPECT_EQ(qualified->getValue<int>("score"), 100);
    EXPECT_TRUE(qualified->getValue<bool>("qualified"));
    EXPECT_THAT(statuses(qualified),
                ::testing::ElementsAre("queued", "researching", "scored", "qualified"));
    EXPECT_EQ(qualified->getObject("research")->getValue<std::string>("status"), "completed");
    EXPECT_EQ(qualified->getObject("icp")->getArray("breakdown")->size(), 3u);

    auto disqualified = settled(engine, doesNot);
    EXPECT_EQ(disqualified->getValue<std::string>("status"), "disqualified");
    EXPECT_EQ(disqualified->getValue<int>("score"), 0);
    EXPECT_FALSE(disqualified->getValue<bool>("qualified"));

    // The research plugin was told the company data came from the client, and says it used that
    // data instead of researching the company.
    auto findings = qualified->getObject("research")->getArray("summary");
    std::string facts;
    for (std::size_t i = 0; i < findings->size(); ++i) {
        facts += findings->getElement<std::string>(static_cast<unsigned>(i)) + "\n";
    }
    EXPECT_THAT(facts, HasSubstr("the client's own company data (industry, employeeCount), used as "
                                 "sent instead of researched"));

    // A booking for the qualified prospect: the outbox holds the spec's payload.
    const std::string campaignId = engine.campaignId("Enterprise");
    auto booked = bookDiscoveryCall(engine, fits);
    ASSERT_EQ(booked.status, 201) << booked.body;
    auto meetingId = parse(booked.body)->getObject("meeting")->getValue<std::string>("id");
    EXPECT_EQ(prospect(engine, fits)->getValue<std::string>("status"), "meeting_booked");
    EXPECT_EQ(
        engine.backdoor().text("SELECT payload_json FROM webhook_outbox WHERE campaign_id = '" +
                               campaignId + "'"),
        R"({"event":"meeting_booked","campaignId":")" + campaignId + R"(","prospect":{"id":")" +
            fits +
            R"(","companyName":"Analytical Engines","contactName":"Ada Lovelace",)"
            R"("email":"ada@engines.example","title":"VP Engineering"},)"
            R"("meeting":{"id":")" +
            meetingId +
            R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":45,)"
            R"("title":"Discovery call"}})");
}

TEST_F(CampaignOutreach, AnInferredExcludedIndustryDisqualifiesNamingItsEvidence) {
    EngineDaemon engine(setup(true));
    engine.start();
    // No company object: the bundled research infers the industry, and scoring uses it.
    auto casino = add(engine, R"({"companyName":"Lucky Spin Casinos","contactName":"Sam Spade",)"
                              R"("email":"sam@luckyspin.example","title":"VP of Sales",)"
                              R"("notes":"online gambling operator"})");
    auto disqualified = settled(engine, casino);
    EXPECT_EQ(disqualified->getValue<std::string>("status"), "disqualified");
    auto icp = disqualified->getObject("icp");
    EXPECT_EQ(icp->getValue<std::string>("excludedBy"),
              R"(industry Gambling (inferred from company name: "Lucky Spin Casinos"; notes: )"
              R"("online gambling operator") is excluded by Gambling)");
    auto industry = icp->getArray("breakdown")->getObject(0);
    EXPECT_EQ(industry->getValue<std::string>("evidence"), "inferred");
    EXPECT_EQ(industry->getValue<std::string>("source"),
              R"(company name: "Lucky Spin Casinos"; notes: "online gambling operator")");
}

TEST_F(CampaignOutreach, ResearchThatKeepsFailingFailsTheProspect) {
    EngineSetup failing = setup(false);
    failing.research = "fail_times: 99";
    EngineDaemon engine(failing);
    engine.start();
    auto id = add(engine, kFits);
    auto failed = settled(engine, id);
    EXPECT_EQ(failed->getValue<std::string>("status"), "failed");
    EXPECT_FALSE(failed->isNull("error"));
    EXPECT_EQ(failed->getValue<int>("retryCount"), 3);
    EXPECT_TRUE(failed->isNull("score"));
}

TEST_F(CampaignOutreach, AProspectJobIsNoGenerationJob) {
    EngineDaemon engine(setup(true));
    engine.start();
    auto id = add(engine, kFits);
    settled(engine, id);
    const std::string jobId = engine.store().read([&](storage::Repositories& repositories) {
        return repositories.jobs().findByProspect(id)->id;
    });
    EXPECT_EQ(engine.get("/api/generation/" + jobId + "/status").status, 404);
}

TEST_F(CampaignOutreach, AMeetingBookedDuringResearchStopsThePipeline) {
    EngineSetup slow = setup(false);
    slow.research = "work: 1s";
    EngineDaemon engine(slow);
    engine.start();
    auto id = add(engine, kFits);
    ASSERT_TRUE(researching(engine, id));
    auto booked = bookDiscoveryCall(engine, id);
    ASSERT_EQ(booked.status, 201) << booked.body;
    const std::string job = "SELECT COUNT(*) FROM jobs WHERE prospect_id = '" + id + "'";
    ASSERT_TRUE(
        eventually([&] { return engine.backdoor().count(job + " AND status = 'completed'") == 1; },
                   std::chrono::seconds(30)));
    auto after = prospect(engine, id);
    EXPECT_EQ(after->getValue<std::string>("status"), "meeting_booked");
    EXPECT_TRUE(after->isNull("score"));  // scoring was skipped, not run
    EXPECT_THAT(
        engine.backdoor().text("SELECT output_json FROM job_steps WHERE name = 'icp_scoring'"),
        HasSubstr("skipped"));
}

TEST_F(CampaignOutreach, AProspectResearchedBeforeARestartIsScoredAfterIt) {
    EngineSetup slow = setup(false);
    slow.research = "work: 400ms";
    EngineDaemon engine(slow);
    engine.start();
    auto id = add(engine, kFits);
    ASSERT_TRUE(researching(engine, id));
    engine.daemon().stop(SIGKILL);
    engine.start();
    auto done = settled(engine, id);
    EXPECT_EQ(done->getValue<std::string>("status"), "qualified");
}

}  // namespace
}  // namespace lodestone::test
