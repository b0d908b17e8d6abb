#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// The id of the API key named `name` (lodestonectl key list).
std::string keyId(ApiDaemon& api, const std::string& name) {
    auto items = api.ctl({"key", "list"})->getArray("items");
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = items->getObject(static_cast<unsigned>(i));
        if (item->getValue<std::string>("name") == name) return item->getValue<std::string>("id");
    }
    return "";
}

void expect401(const ApiReply& reply, const std::string& cause, const std::string& key = "") {
    EXPECT_EQ(reply.status, 401) << reply.text;
    ASSERT_TRUE(reply.json) << reply.text;
    EXPECT_EQ(reply.json->getNames(), std::vector<std::string>{"error"});
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr(cause));
    if (!key.empty()) {
        EXPECT_THAT(reply.text, Not(HasSubstr(key)));
    }
    ASSERT_EQ(reply.headers.count("WWW-Authenticate"), 1u);
    EXPECT_THAT(reply.headers.at("WWW-Authenticate"), HasSubstr("Bearer"));
    EXPECT_EQ(reply.headers.count("X-RateLimit-Limit"), 0u);
}

}  // namespace

TEST(AuthApi, MissingHeaderIs401) {
    ApiDaemon api;
    expect401(api.send("GET", "/api/generation/job_x/status", "", {}), "Missing Authorization");
}

TEST(AuthApi, MalformedHeaderIs401) {
    ApiDaemon api;
    for (const std::string& header :
         std::vector<std::string>{"Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Bearer a b", kAcmeKey,
                                  "Token " + kAcmeKey}) {
        expect401(api.send("GET", "/api/generation/job_x/status", "", {{"Authorization", header}}),
                  "Malformed Authorization", kAcmeKey);
    }
}

TEST(AuthApi, UnknownKeyIs401) {
    ApiDaemon api;
    std::string bogus = "lsk_not_a_real_key_0000000000000000000000";
    expect401(api.get("/api/generation/job_x/status", bogus), "Invalid API key", bogus);
}

TEST(AuthApi, SchemeIsCaseInsensitive) {
    ApiDaemon api;
    auto reply = api.send("GET", "/api/generation/job_x/status", "",
                          {{"Authorization", "bearer " + kAcmeKey}});
    EXPECT_EQ(reply.status, 404);  // authenticated; the job does not exist
    auto spaced = api.send("GET", "/api/generation/job_x/status", "",
                           {{"Authorization", "Bearer   " + kAcmeKey}});
    EXPECT_EQ(spaced.status, 404);
}

TEST(AuthApi, RevokedKeyStopsWorking) {
    ApiDaemon api;
    auto path = "/api/projects/" + api.projectId("Free") + "/generate";
    EXPECT_EQ(api.get(path, kScopedKey).status, 200);
    api.ctl({"key", "revoke", keyId(api, "scoped")});
    // Keys are cached for under a second; poll rather than sleep a fixed time.
    ApiReply reply;
    EXPECT_TRUE(eventually(
        [&] {
            reply = api.get(path, kScopedKey);
            return reply.status == 401;
        },
        std::chrono::seconds(10)));
    expect401(reply, "revoked", kScopedKey);
}

TEST(AuthApi, ExpiredKeyIs401) {
    ApiDaemon api;
    auto created = api.ctl(
        {"key", "create", "--org",
         api.ctl({"org", "list"})->getArray("items")->getObject(0)->getValue<std::string>("id"),
         "--name", "brief", "--expires-in", "1s"});
    std::string key = created->getValue<std::string>("key");
    ApiReply reply;
    EXPECT_TRUE(eventually(
        [&] {
            reply = api.get("/api/generation/job_x/status", key);
            return reply.status == 401;
        },
        std::chrono::seconds(10)));
    expect401(reply, "expired", key);
}

TEST(AuthApi, EveryApiRouteNeedsAKey) {
    ApiDaemon api;
    auto project = api.projectId("Default");
    std::vector<std::pair<std::string, std::string>> routes{
        {"POST", "/api/projects/" + project + "/generate"},
        {"GET", "/api/projects/" + project + "/generate"},
        {"GET", "/api/generation/job_x/status"},
        {"GET", "/api/leads/lead_x/job-status"},
        {"POST", "/api/generation/job_x/retry"},
    };
    for (const auto& [method, path] : routes) {
        auto reply = api.send(method, path, "{}", {{"Content-Type", "application/json"}});
        EXPECT_EQ(reply.status, 401) << method << " " << path;
    }
}
