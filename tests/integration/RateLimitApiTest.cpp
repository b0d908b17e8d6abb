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
    EXPECT_EQ(api.count("SELECT COUNT(*) FROM jobs"), 3);  // the refused one created nothing

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
    EXPECT_GE(refused.json->getValue<int>("retryAfter"), 1);
}
