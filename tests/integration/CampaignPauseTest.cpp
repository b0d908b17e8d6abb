// Pausing a campaign over the API and lodestonectl: its due email waits, pending, while another
// campaign's goes out, and is sent after it is resumed; another organisation's campaign is a 404;
// every change is in the audit log, as whoever made it.
#include <Poco/JSON/Array.h>
#include <gtest/gtest.h>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

Poco::JSON::Object::Ptr listed(EngineDaemon& engine, const std::string& campaignId) {
    auto reply = engine.get("/api/campaigns");
    EXPECT_EQ(reply.status, 200) << reply.body;
    auto items = parseJson(reply.body)->getArray("campaigns");
    for (unsigned i = 0; items && i < items->size(); ++i) {
        if (items->getObject(i)->getValue<std::string>("id") == campaignId) {
            return items->getObject(i);
        }
    }
    ADD_FAILURE() << campaignId << " is not in " << reply.body;
    return new Poco::JSON::Object();
}

TEST(CampaignPause, APausedCampaignsDueEmailWaitsAndGoesOutWhenResumed) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    const auto fast = engine.campaignId("Fast");

    auto paused = engine.post("/api/campaigns/" + fast + "/pause");
    ASSERT_EQ(paused.status, 200) << paused.body;
    auto body = parseJson(paused.body);
    EXPECT_TRUE(body->getValue<bool>("success"));
    EXPECT_EQ(body->getValue<std::string>("campaignId"), fast);
    EXPECT_EQ(body->getValue<std::string>("state"), "paused");
    const auto pausedAt = body->getValue<std::int64_t>("pausedAt");
    // Again: nothing changes, and nothing more is audited.
    auto again = parseJson(engine.post("/api/campaigns/" + fast + "/pause").body);
    EXPECT_EQ(again->getValue<std::string>("state"), "paused");
    EXPECT_EQ(again->getValue<std::int64_t>("pausedAt"), pausedAt);
    EXPECT_EQ(listed(engine, fast)->getValue<std::string>("state"), "paused");
    EXPECT_EQ(listed(engine, fast)->getValue<std::int64_t>("pausedAt"), pausedAt);

    // Leads are still taken in, researched and scored; the first email is scheduled.
    const auto waiting = daemon.addLead("Fast", "pat@initech.example");
    auto qualified = daemon.waitForStatus("Fast", waiting, "qualified");
    ASSERT_EQ(qualified->getArray("emails")->size(), 1u);

    // The engine has had its pass over the paused email: a send due after it, of a campaign
    // that is not paused, went out.
    const auto other = daemon.addLead("Slow", "sam@initech.example");
    ASSERT_EQ(daemon.waitForMessagesTo("sam@initech.example", 1).size(), 1u);
    EXPECT_GT(EmailDaemon::email(daemon.prospect("Slow", other), 1)
                  ->getValue<std::int64_t>("scheduledAt"),
              EmailDaemon::email(qualified, 1)->getValue<std::int64_t>("scheduledAt"));
    EXPECT_TRUE(daemon.messagesTo("pat@initech.example").empty());
    auto held = EmailDaemon::email(daemon.prospect("Fast", waiting), 1);
    EXPECT_EQ(held->getValue<std::string>("status"), "pending");
    EXPECT_EQ(held->getValue<int>("attempts"), 0);

    auto shown = engine.ctl({"campaign", "show", fast});
    EXPECT_EQ(shown->getValue<std::string>("state"), "paused");
    auto resumed = engine.ctl({"campaign", "resume", fast});
    EXPECT_EQ(resumed->getValue<std::string>("state"), "active");
    EXPECT_TRUE(resumed->get("pausedAt").isEmpty());
    EXPECT_EQ(daemon.waitForMessagesTo("pat@initech.example", 1).size(), 1u);
    EXPECT_EQ(listed(engine, fast)->getValue<std::string>("state"), "active");

    auto count = [&](const std::string& where) {
        return engine.backdoor().count("SELECT COUNT(*) FROM audit_log WHERE " + where);
    };
    EXPECT_EQ(count("action = 'campaign.pause' AND actor LIKE 'api key lsk_%' AND subject = '" +
                    fast + "'"),
              1);
    EXPECT_EQ(
        count("action = 'campaign.resume' AND actor = 'lodestonectl' AND subject = '" + fast + "'"),
        1);
}

TEST(CampaignPause, AnotherOrganisationsCampaignIsNotFoundAndStaysActive) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    auto globex = engine.factory().organisation({.name = "Globex"});
    auto theirs = engine.factory().campaign(globex);
    for (const char* change : {"pause", "resume"}) {
        auto reply = engine.post("/api/campaigns/" + theirs.id + "/" + change);
        EXPECT_EQ(reply.status, 404) << change << ": " << reply.body;
    }
    EXPECT_EQ(engine.post("/api/campaigns/campaign_missing/pause").status, 404);
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM campaigns WHERE paused_at IS NOT NULL"),
              0);
    EXPECT_EQ(engine.backdoor().count("SELECT COUNT(*) FROM audit_log"), 0);
}

TEST(CampaignPause, LodestonectlsChangesAreAudited) {
    EmailDaemon daemon;
    auto& engine = daemon.engine();
    const auto fast = engine.campaignId("Fast");
    EXPECT_EQ(engine.ctl({"campaign", "pause", fast})->getValue<std::string>("state"), "paused");
    auto items = engine.ctl({"campaign", "list"})->getArray("items");
    for (unsigned i = 0; i < items->size(); ++i) {
        const bool isFast = items->getObject(i)->getValue<std::string>("id") == fast;
        EXPECT_EQ(items->getObject(i)->getValue<std::string>("state"),
                  isFast ? "paused" : "active");
    }
    engine.ctl({"campaign", "update", fast, "--calendar-url", "https://cal.example.com/ada"});
    engine.ctl({"campaign", "rotate-secret", fast});
    auto made = engine.ctl({"campaign", "create", "--org",
                            engine.factory().organisationNamed("Engine").id, "--name", "Third"});
    engine.ctl({"project", "update", engine.projectId(), "--name", "Guides 2"});
    // A settings change leaves the campaign paused.
    EXPECT_EQ(engine.ctl({"campaign", "show", fast})->getValue<std::string>("state"), "paused");
    auto count = [&](const std::string& action, const std::string& subject) {
        return engine.backdoor().count(
            "SELECT COUNT(*) FROM audit_log WHERE actor = 'lodestonectl' AND action = '" + action +
            "' AND subject = '" + subject + "'");
    };
    EXPECT_EQ(count("campaign.pause", fast), 1);
    EXPECT_EQ(count("campaign.update", fast), 1);
    EXPECT_EQ(count("webhook.rotate_secret", fast), 1);
    EXPECT_EQ(count("campaign.create", made->getValue<std::string>("id")), 1);
    EXPECT_EQ(count("project.update", engine.projectId()), 1);
}

}  // namespace
}  // namespace lodestone::test
