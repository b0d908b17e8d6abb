// A campaign's numbers (docs/api.md, Campaign numbers), checked one by one against a campaign
// driven through real sends to an SMTP server on 127.0.0.1 (aiosmtpd), a refused recipient, a
// reply, a one-click unsubscribe and a booked meeting: GET /api/campaigns/{id}/stats, GET
// /api/stats and `lodestonectl campaign stats`.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

std::int64_t number(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object->getValue<std::int64_t>(key);
}

double rate(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object->getValue<double>(key);
}

Poco::JSON::Object::Ptr statsOf(EngineDaemon& engine, const std::string& path) {
    auto reply = engine.get(path);
    EXPECT_EQ(reply.status, 200) << reply.body << "\nlodestoned's log:\n"
                                 << engine.daemon().process().errors();
    auto body = parseJson(reply.body);
    if (!body->has("stats")) return new Poco::JSON::Object();
    return body->getObject("stats");
}

// The day (YYYY-MM-DD, UTC) the prospect's first email went out.
std::string sentDay(const Poco::JSON::Object::Ptr& prospect) {
    const auto sentAt = EmailDaemon::email(prospect, 1)->getValue<std::int64_t>("sentAt");
    const std::chrono::year_month_day day{
        std::chrono::sys_days{std::chrono::days{sentAt / 86'400'000}}};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(day.year()),
                  static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
    return text;
}

class CampaignStatsTest : public ::testing::Test {
  protected:
    CampaignStatsTest() : mail_(options()) {}

    static EmailDaemon::Options options() {
        EmailDaemon::Options options;
        options.sink.failRcpt = {"^refused@"};
        return options;
    }

    EmailDaemon mail_;
};

TEST_F(CampaignStatsTest, EveryNumberCountsWhatHappenedToTheCampaign) {
    auto& engine = mail_.engine();
    const auto slow = engine.campaignId("Slow");
    const auto fast = engine.campaignId("Fast");

    // Fast: one prospect through all three steps.
    const auto all = mail_.addLead("Fast", "all@stats.example");
    mail_.waitForMessagesTo("all@stats.example", 3);
    mail_.waitForStatus("Fast", all, "completed");

    // Slow: five prospects emailed once; step 2 is an hour away.
    const auto replied = mail_.addLead("Slow", "replied@stats.example");
    const auto unsubscribed = mail_.addLead("Slow", "unsub@stats.example");
    const auto refused = mail_.addLead("Slow", "refused@stats.example");
    const auto booked = mail_.addLead("Slow", "booked@stats.example");
    const auto quiet = mail_.addLead("Slow", "quiet@stats.example");
    for (const auto& id : {replied, booked, quiet}) mail_.waitForStatus("Slow", id, "in_sequence");
    const auto unsubscribeMail = mail_.waitForMessagesTo("unsub@stats.example", 1);
    mail_.waitForStatus("Slow", refused, "bounced");

    ASSERT_EQ(engine.post("/api/campaigns/" + slow + "/leads/" + replied + "/replied").status, 200);
    auto oneClick = httpRequest(
        engine.port(), "POST", "/u/" + EmailDaemon::unsubscribeToken(unsubscribeMail[0]),
        "List-Unsubscribe=One-Click", {{"Content-Type", "application/x-www-form-urlencoded"}});
    ASSERT_EQ(oneClick.status, 200);
    auto meeting = engine.post("/api/campaigns/" + slow + "/meetings",
                               R"({"prospectId":")" + booked +
                                   R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":30,)"
                                   R"("title":"Intro"})");
    ASSERT_EQ(meeting.status, 201) << meeting.body;
    mail_.waitForStatus("Slow", unsubscribed, "unsubscribed");

    auto stats = statsOf(engine, "/api/campaigns/" + slow + "/stats");
    EXPECT_EQ(stats->getValue<std::string>("campaignId"), slow);
    EXPECT_TRUE(stats->isNull("from"));
    EXPECT_FALSE(stats->getValue<bool>("opensTracked"));

    auto prospects = stats->getObject("prospects");
    EXPECT_EQ(number(prospects, "total"), 5);
    auto byStatus = prospects->getObject("byStatus");
    EXPECT_EQ(byStatus->size(), 12u) << "every status is listed";
    EXPECT_EQ(number(byStatus, "replied"), 1);
    EXPECT_EQ(number(byStatus, "unsubscribed"), 1);
    EXPECT_EQ(number(byStatus, "bounced"), 1);
    EXPECT_EQ(number(byStatus, "meeting_booked"), 1);
    EXPECT_EQ(number(byStatus, "in_sequence"), 1);
    EXPECT_EQ(number(byStatus, "queued"), 0);

    auto funnel = stats->getObject("funnel");
    EXPECT_EQ(number(funnel, "added"), 5);
    EXPECT_EQ(number(funnel, "qualified"), 5);
    EXPECT_EQ(number(funnel, "emailed"), 5) << "the refused email was handed to the server";
    EXPECT_EQ(number(funnel, "viewedLeadMagnet"), 0);
    EXPECT_EQ(number(funnel, "replied"), 1);
    EXPECT_EQ(number(funnel, "booked"), 1);

    auto emails = stats->getObject("emails");
    EXPECT_EQ(number(emails, "sent"), 5);
    EXPECT_EQ(number(emails, "bounced"), 1);
    EXPECT_EQ(number(emails, "replied"), 1);
    EXPECT_EQ(number(emails, "unsubscribed"), 1);
    EXPECT_DOUBLE_EQ(rate(emails, "bounceRate"), 0.2);
    EXPECT_DOUBLE_EQ(rate(emails, "replyRate"), 0.2);
    EXPECT_DOUBLE_EQ(rate(emails, "unsubscribeRate"), 0.2);

    auto steps = stats->getArray("steps");
    ASSERT_EQ(steps->size(), 2u) << "both steps of the sequence, the second not sent yet";
    EXPECT_EQ(number(steps->getObject(0), "step"), 1);
    EXPECT_EQ(number(steps->getObject(0), "sent"), 5);
    EXPECT_EQ(number(steps->getObject(0), "replied"), 1);
    EXPECT_EQ(number(steps->getObject(1), "sent"), 0);
    EXPECT_TRUE(steps->getObject(1)->isNull("replyRate")) << "no rate over nothing sent";

    auto meetings = stats->getObject("meetings");
    EXPECT_EQ(number(meetings, "booked"), 1);
    EXPECT_EQ(number(meetings, "cancelled"), 0);
    EXPECT_DOUBLE_EQ(rate(meetings, "bookingRate"), 0.2);
    EXPECT_EQ(number(stats->getObject("leadMagnets"), "made"), 0);

    // The days: the last 30, today's holding what happened.
    const auto day = sentDay(mail_.prospect("Slow", quiet));
    auto daily = stats->getArray("daily");
    ASSERT_EQ(daily->size(), 30u);
    auto today = daily->getObject(29);
    EXPECT_EQ(today->getValue<std::string>("date"), day);
    EXPECT_EQ(number(today, "sent"), 5);
    EXPECT_EQ(number(today, "bounced"), 1);
    EXPECT_EQ(number(today, "replied"), 1);
    EXPECT_EQ(number(today, "unsubscribed"), 1);
    EXPECT_EQ(number(today, "meetingsBooked"), 1);
    EXPECT_EQ(number(daily->getObject(0), "sent"), 0);

    // Fast: a step each.
    auto fastSteps = statsOf(engine, "/api/campaigns/" + fast + "/stats")->getArray("steps");
    ASSERT_EQ(fastSteps->size(), 3u);
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(number(fastSteps->getObject(i), "sent"), 1);

    // The organisation: both campaigns, steps added up by number.
    auto organisation = statsOf(engine, "/api/stats");
    EXPECT_FALSE(organisation->has("campaignId"));
    EXPECT_GE(number(organisation, "campaigns"), 2);
    EXPECT_EQ(number(organisation->getObject("emails"), "sent"), 8);
    auto orgSteps = organisation->getArray("steps");
    ASSERT_EQ(orgSteps->size(), 3u);
    EXPECT_EQ(number(orgSteps->getObject(0), "sent"), 6);
    EXPECT_EQ(number(orgSteps->getObject(2), "sent"), 1);
    EXPECT_EQ(number(organisation->getObject("prospects"), "total"), 6);

    // A period: the day it all happened counts it all; the day before, nothing but the
    // prospects as they are now.
    auto thatDay = statsOf(engine, "/api/campaigns/" + slow + "/stats?from=" + day + "&to=" + day);
    EXPECT_EQ(thatDay->getValue<std::string>("from"), day);
    EXPECT_EQ(thatDay->getArray("daily")->size(), 1u);
    EXPECT_EQ(number(thatDay->getObject("emails"), "sent"), 5);
    EXPECT_EQ(number(thatDay->getObject("funnel"), "added"), 5);
    auto before = statsOf(engine, "/api/campaigns/" + slow + "/stats?to=2020-01-31");
    EXPECT_EQ(before->getValue<std::string>("from"), "2020-01-02") << "to alone: 30 days";
    EXPECT_EQ(number(before->getObject("emails"), "sent"), 0);
    EXPECT_EQ(number(before->getObject("funnel"), "added"), 0);
    EXPECT_EQ(number(before->getObject("meetings"), "booked"), 0);
    EXPECT_EQ(number(before->getObject("prospects"), "total"), 5);

    // lodestonectl shows the same numbers.
    auto shown = engine.ctl({"campaign", "stats", slow});
    EXPECT_EQ(number(shown->getObject("emails"), "sent"), 5);
    EXPECT_EQ(number(shown->getObject("meetings"), "booked"), 1);
}

TEST_F(CampaignStatsTest, APeriodThatIsNotOneIsRefusedNamingTheParameter) {
    auto& engine = mail_.engine();
    const auto stats = "/api/campaigns/" + engine.campaignId("Slow") + "/stats";
    for (const auto& [query, field] : std::vector<std::pair<std::string, std::string>>{
             {"?from=11/01/2026", "from"},
             {"?from=2026-02-30", "from"},
             {"?to=2026-11-5", "to"},
             {"?from=2026-11-30&to=2026-11-01", "from"},
             {"?from=2024-01-01&to=2026-01-01", "from"}}) {
        auto reply = engine.get(stats + query);
        EXPECT_EQ(reply.status, 400) << query;
        auto body = parseJson(reply.body);
        ASSERT_TRUE(body->has("invalidFields")) << reply.body;
        EXPECT_EQ(body->getArray("invalidFields")->getElement<std::string>(0), field) << query;
        EXPECT_THAT(body->getValue<std::string>("error"), HasSubstr(field)) << query;
    }

    // Another organisation's campaign, as every campaign route answers it; no key at all.
    const auto rivalOrg = engine.ctl({"org", "create", "Rival"})->getValue<std::string>("id");
    const auto rivalKey = engine.ctl({"key", "create", "--org", rivalOrg, "--name", "rival"})
                              ->getValue<std::string>("key");
    auto rival =
        httpRequest(engine.port(), "GET", stats, "", {{"Authorization", "Bearer " + rivalKey}});
    EXPECT_EQ(rival.status, 403) << rival.body;
    EXPECT_EQ(httpRequest(engine.port(), "GET", "/api/campaigns/campaign_unknown/stats", "",
                          {{"Authorization", "Bearer " + rivalKey}})
                  .status,
              404);
    EXPECT_EQ(httpRequest(engine.port(), "GET", stats).status, 401);
    auto rivalTotals = parseJson(httpRequest(engine.port(), "GET", "/api/stats", "",
                                             {{"Authorization", "Bearer " + rivalKey}})
                                     .body);
    EXPECT_EQ(number(rivalTotals->getObject("stats"), "campaigns"), 0)
        << "an organisation sees its own campaigns only";
}

}  // namespace
}  // namespace lodestone::test
