#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"

using namespace lodestone::test;

namespace {

const char* const kTightLimits =
    "limits:\n  generate_per_minute: 3\n  status_per_minute: 5\njobs:\n  run: false\n";

void expectHeaders(const ApiReply& reply, int limit, int remaining) {
    EXPECT_EQ(reply.headers.at("X-RateLimit-Limit"), std::to_string(limit));
    EXPECT_EQ(reply.headers.at("X-RateLimit-Remaining"), std::to_string(remaining));
    auto reset = std::stoll(reply.headers.at("X-RateLimit-Reset"));
    auto now = std::chrono::duration_cast<std::chrono::seconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    EXPECT_GT(reset, now);       // epoch seconds, in the future
    EXPECT_LE(reset, now + 62);  // within the 61-second window
}

}  // namespace

TEST(RateLimitApi, GenerateIsLimitedPerKeyWithHeadersAnd429) {
    ApiDaemon api(kTightLimits);
    auto path = "/api/projects/" + api.projectId("Free") + "/generate";
    for (int i = 0; i < 3; ++i) {
        auto reply = api.post(path, R"({"email":"a@example.com"})");
        ASSERT_EQ(reply.status, 200);
        expectHeaders(reply, 3, 2 - i);
    }
    auto refused = api.post(path, R"({"email":"a@example.com"})");
    ASSERT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers["Content-Type"], "application/json; charset=utf-8");
    EXPECT_TRUE(refused.json->has("error"));
    int retryAfter = refused.json->getValue<int>("retryAfter");
    EXPECT_GE(retryAfter, 1);
    EXPECT_LE(retryAfter, 61);
    EXPECT_EQ(refused.headers["Retry-After"], std::to_string(retryAfter));
    expectHeaders(refused, 3, 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"),
              3);  // the refused one created nothing

    // Another key has its own allowance; the status group is counted separately.
    EXPECT_EQ(api.post(path, R"({"email":"a@example.com"})", kScopedKey).status, 200);
    EXPECT_EQ(api.get("/api/generation/job_x/status").status, 404);
}

TEST(RateLimitApi, StatusEndpointsHaveTheirOwnLimit) {
    ApiDaemon api(kTightLimits);
    for (int i = 0; i < 5; ++i) {
        auto reply = api.get("/api/leads/lead_x/job-status");
        EXPECT_EQ(reply.status, 404);
        expectHeaders(reply, 5, 4 - i);
    }
    auto refused = api.get("/api/generation/job_x/status");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers["Content-Type"], "application/json; charset=utf-8");
    EXPECT_EQ(refused.json->getValue<std::string>("error"), "Rate limit exceeded");
    int retryAfter = refused.json->getValue<int>("retryAfter");
    EXPECT_GE(retryAfter, 1);
    EXPECT_LE(retryAfter, 61);
    EXPECT_EQ(refused.headers["Retry-After"], std::to_string(retryAfter));
    expectHeaders(refused, 5, 0);
}

TEST(RateLimitApi, CampaignLeadRoutesHaveTheirOwnLimitWithHeadersAnd429) {
    ApiDaemon api(
        "limits:\n  generate_per_minute: 10000\n  status_per_minute: 10000\n"
        "  campaign_leads_per_minute: 2\njobs:\n  run: false\n");
    const std::string campaign = "/api/campaigns/" + api.campaignId("Outbound");
    std::string prospectId;
    for (int i = 0; i < 2; ++i) {
        auto reply = api.post(campaign + "/leads",
                              R"({"companyName":"Initech","contactName":"Ann Lee","email":"ann)" +
                                  std::to_string(i) + R"(@initech.example"})");
        ASSERT_EQ(reply.status, 201) << reply.text;
        expectHeaders(reply, 2, 1 - i);
        prospectId = reply.json->getValue<std::string>("prospectId");
    }

    auto refused =
        api.post(campaign + "/leads",
                 R"({"companyName":"Initech","contactName":"Bo","email":"bo@initech.example"})");
    ASSERT_EQ(refused.status, 429) << refused.text;
    EXPECT_EQ(refused.headers["Content-Type"], "application/json; charset=utf-8");
    ASSERT_TRUE(refused.json) << refused.text;
    EXPECT_EQ(refused.json->getValue<std::string>("error"), "Rate limit exceeded");
    const int retryAfter = refused.json->getValue<int>("retryAfter");
    EXPECT_GE(retryAfter, 1);
    EXPECT_LE(retryAfter, 61);
    EXPECT_EQ(refused.headers["Retry-After"], std::to_string(retryAfter));
    expectHeaders(refused, 2, 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"),
              2);  // the refused one created nothing

    // Booking a meeting counts against the same group: refused before its body is looked at.
    auto meeting = api.post(campaign + "/meetings",
                            R"({"prospectId":")" + prospectId +
                                R"(","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
                                R"("title":"Intro call"})");
    ASSERT_EQ(meeting.status, 429) << meeting.text;
    ASSERT_TRUE(meeting.json) << meeting.text;
    EXPECT_EQ(meeting.headers["Retry-After"],
              std::to_string(meeting.json->getValue<int>("retryAfter")));
    expectHeaders(meeting, 2, 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM meetings"), 0);

    // Reading a prospect is in the status group, and another key has its own allowance.
    auto shown = api.get(campaign + "/leads/" + prospectId);
    EXPECT_EQ(shown.status, 200) << shown.text;
    EXPECT_EQ(shown.headers["X-RateLimit-Limit"], "10000");
    auto rival =
        api.post("/api/campaigns/" + api.campaignId("Rival") + "/leads",
                 R"({"companyName":"Globex","contactName":"Hank","email":"hank@globex.example"})",
                 kGlobexKey);
    EXPECT_EQ(rival.status, 201) << rival.text;
    expectHeaders(rival, 2, 1);
}
