#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "ApiSupport.hpp"

using namespace lodestone::test;

namespace {

const std::string kBody = R"({"email":"ada@example.com"})";

std::string path(ApiDaemon& api) {
    return "/api/projects/" + api.projectId("Default") + "/generate";
}

}  // namespace

TEST(IdempotencyApi, RepeatReturnsTheFirstResponseAndCreatesNothing) {
    ApiDaemon api;
    auto first = api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", "order-1"}});
    ASSERT_EQ(first.status, 200);
    auto again = api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", "order-1"}});
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.text, first.text);
    EXPECT_EQ(again.headers["Idempotent-Replayed"], "true");
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"), 1);
    EXPECT_EQ(api.credits("Acme"), 4);

    auto other = api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", "order-2"}});
    EXPECT_NE(other.json->getValue<std::string>("jobId"),
              first.json->getValue<std::string>("jobId"));
}

TEST(IdempotencyApi, SameKeyWithAnotherBodyIs422) {
    ApiDaemon api;
    ASSERT_EQ(api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", "k"}}).status, 200);
    auto changed =
        api.post(path(api), R"({"email":"bob@example.com"})", kAcmeKey, {{"Idempotency-Key", "k"}});
    EXPECT_EQ(changed.status, 422);
    EXPECT_TRUE(changed.json->has("error"));
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"), 1);
}

TEST(IdempotencyApi, RefusedRequestsAreNotRememberedSoTheyCanBeFixed) {
    ApiDaemon api;
    EXPECT_EQ(api.post(path(api), R"({})", kAcmeKey, {{"Idempotency-Key", "k"}}).status, 400);
    EXPECT_EQ(api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", "k"}}).status, 200);
}

TEST(IdempotencyApi, KeysBelongToTheirApiKey) {
    ApiDaemon api;
    auto free = "/api/projects/" + api.projectId("Free") + "/generate";
    auto a = api.post(free, kBody, kAcmeKey, {{"Idempotency-Key", "shared"}});
    auto b = api.post(free, kBody, kScopedKey, {{"Idempotency-Key", "shared"}});
    EXPECT_EQ(b.status, 200);
    EXPECT_NE(a.json->getValue<std::string>("jobId"), b.json->getValue<std::string>("jobId"));
}

TEST(IdempotencyApi, ConcurrentRepeatsCreateOneJob) {
    ApiDaemon api;
    std::string target = path(api);
    std::vector<std::thread> threads;
    std::vector<ApiReply> replies(8);
    for (std::size_t i = 0; i < replies.size(); ++i) {
        threads.emplace_back([&, i] {
            replies[i] = api.post(target, kBody, kAcmeKey, {{"Idempotency-Key", "race"}});
        });
    }
    for (auto& thread : threads) thread.join();
    for (const auto& reply : replies) {
        ASSERT_EQ(reply.status, 200) << reply.text;
        EXPECT_EQ(reply.text, replies[0].text);
    }
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"), 1);
    EXPECT_EQ(api.credits("Acme"), 4);
}

TEST(IdempotencyApi, ConcurrentRepeatsAreReplayedEvenWhenCreditsRunOut) {
    ApiDaemon api;
    api.factory().setCredits(api.factory().organisationNamed("Acme").id, 1);
    std::string target = path(api);
    std::vector<std::thread> threads;
    std::vector<ApiReply> replies(10);
    for (std::size_t i = 0; i < replies.size(); ++i) {
        threads.emplace_back([&, i] {
            replies[i] = api.post(target, kBody, kAcmeKey, {{"Idempotency-Key", "last-credit"}});
        });
    }
    for (auto& thread : threads) thread.join();
    for (const auto& reply : replies) {
        EXPECT_EQ(reply.status, 200) << reply.text;
        EXPECT_EQ(reply.text, replies[0].text);
    }
    EXPECT_EQ(api.credits("Acme"), 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"), 1);
}

TEST(IdempotencyApi, OverlongKeyIs400) {
    ApiDaemon api;
    auto reply = api.post(path(api), kBody, kAcmeKey, {{"Idempotency-Key", std::string(256, 'k')}});
    EXPECT_EQ(reply.status, 400);
}
