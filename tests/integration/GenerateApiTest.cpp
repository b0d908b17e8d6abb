#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ApiSupport.hpp"

using namespace lodestone::test;
using ::testing::HasSubstr;

namespace {

std::vector<std::string> strings(const Poco::JSON::Array::Ptr& array) {
    std::vector<std::string> out;
    for (std::size_t i = 0; array && i < array->size(); ++i) {
        out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return out;
}

std::string generatePath(const std::string& projectId) {
    return "/api/projects/" + projectId + "/generate";
}

}  // namespace

TEST(GenerateApi, CreatesALeadAndAQueuedJobAndCharges) {
    ApiDaemon api;
    std::string project = api.projectId("Default");
    auto reply =
        api.post(generatePath(project), R"({"email":"ada@example.com","fullName":"Ada Lovelace"})");
    ASSERT_EQ(reply.status, 200) << reply.text;
    EXPECT_EQ(reply.headers["Content-Type"], "application/json; charset=utf-8");
    auto& json = reply.json;
    EXPECT_EQ(json->getNames(), (std::vector<std::string>{"success", "leadId", "leadMagnetUrl",
                                                          "jobId", "status", "message"}));
    EXPECT_TRUE(json->getValue<bool>("success"));
    std::string leadId = json->getValue<std::string>("leadId");
    EXPECT_TRUE(leadId.starts_with("lead_"));
    EXPECT_EQ(json->getValue<std::string>("leadMagnetUrl"), "http://127.0.0.1:8080/m/" + leadId);
    EXPECT_TRUE(json->getValue<std::string>("jobId").starts_with("job_"));
    EXPECT_EQ(json->getValue<std::string>("status"), "queued");
    EXPECT_FALSE(json->getValue<std::string>("message").empty());
    EXPECT_EQ(api.credits("Acme"), 4);
    EXPECT_EQ(
        api.backdoor().count("SELECT COUNT(*) FROM jobs WHERE status = 'queued' AND lead_id = '" +
                             leadId + "'"),
        1);
    EXPECT_EQ(reply.headers["X-RateLimit-Limit"], "10000");
}

TEST(GenerateApi, AProjectsOwnHostMakesTheLeadMagnetUrl) {
    ApiDaemon api;
    auto reply = api.post(generatePath(api.projectId("Hosted")), R"({"email":"a@example.com"})");
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.json->getValue<std::string>("leadMagnetUrl"),
              "https://go.acme.test/" + reply.json->getValue<std::string>("leadId"));
}

TEST(GenerateApi, StoresOnlyFieldsTheSchemaKnows) {
    ApiDaemon api;
    auto created = generateOk(
        api, api.projectId("Default"),
        R"({"email":"ada@example.com","secret":"x","customFields":"{\"source\":\"webinar\"}"})");
    // Read as text and parsed here: the SQL is the same on SQLite and PostgreSQL.
    const auto stored =
        api.backdoor().text("SELECT fields_json FROM leads WHERE id = '" + created.leadId + "'");
    const auto fields = Poco::JSON::Parser().parse(stored).extract<Poco::JSON::Object::Ptr>();
    EXPECT_FALSE(fields->has("secret")) << stored;
    EXPECT_EQ(fields->getValue<std::string>("email"), "ada@example.com");
    EXPECT_EQ(fields->getObject("customFields")->getValue<std::string>("source"), "webinar");
}

TEST(GenerateApi, MissingRequiredFieldsAre400WithMissingFields) {
    ApiDaemon api;
    for (const char* body : {R"({})", R"({"email":""})", R"({"email":null,"fullName":"Ada"})"}) {
        auto reply = api.post(generatePath(api.projectId("Default")), body);
        ASSERT_EQ(reply.status, 400) << body;
        EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("email"));
        EXPECT_EQ(strings(reply.json->getArray("missingFields")),
                  std::vector<std::string>{"email"});
        EXPECT_FALSE(reply.json->has("invalidFields"));
    }
    EXPECT_EQ(api.credits("Acme"), 5);  // nothing charged for a rejected request
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM jobs"), 0);
}

TEST(GenerateApi, InvalidValuesAre400WithInvalidFields) {
    ApiDaemon api;
    auto reply = api.post(generatePath(api.projectId("Default")), R"({"email":"not-an-email"})");
    ASSERT_EQ(reply.status, 400);
    EXPECT_TRUE(strings(reply.json->getArray("missingFields")).empty());
    EXPECT_EQ(strings(reply.json->getArray("invalidFields")), std::vector<std::string>{"email"});

    auto strict = api.projectId("Strict");
    reply = api.post(generatePath(strict),
                     R"({"email":"ada@example.com","website":"ftp://x","customFields":42})");
    ASSERT_EQ(reply.status, 400);
    EXPECT_EQ(strings(reply.json->getArray("missingFields")), std::vector<std::string>{"fullName"});
    EXPECT_EQ(strings(reply.json->getArray("invalidFields")),
              (std::vector<std::string>{"website", "customFields"}));
    reply = api.post(generatePath(strict),
                     R"({"email":"ada@example.com","fullName":123,"customFields":"[1]"})");
    EXPECT_EQ(strings(reply.json->getArray("invalidFields")),
              (std::vector<std::string>{"fullName", "customFields"}));
    EXPECT_EQ(api.credits("Acme"), 5);
}

TEST(GenerateApi, CustomSchemaAcceptsCustomFieldsAsObjectOrString) {
    ApiDaemon api;
    auto strict = api.projectId("Strict");
    generateOk(api, strict,
               R"({"email":"a@example.com","fullName":"A","customFields":{"plan":"pro"}})");
    generateOk(api, strict,
               R"({"email":"b@example.com","fullName":"B","customFields":"{\"plan\":\"pro\"}",
                   "website":"https://b.example.com"})");
    EXPECT_EQ(api.credits("Acme"), 1);  // Strict costs 2
}

TEST(GenerateApi, BodiesThatAreNotJsonObjectsAre400) {
    ApiDaemon api;
    auto path = generatePath(api.projectId("Default"));
    std::string deep =
        "{\"email\":\"a@example.com\",\"x\":" + std::string(100, '[') + std::string(100, ']') + "}";
    for (const std::string& body :
         std::vector<std::string>{"not json", "[1,2]", "\"text\"", "{\"email\":", "", deep}) {
        auto reply = api.post(path, body);
        EXPECT_EQ(reply.status, 400) << body;
        ASSERT_TRUE(reply.json) << body;
        EXPECT_TRUE(reply.json->has("error"));
    }
}

TEST(GenerateApi, OtherContentTypesAre415) {
    ApiDaemon api;
    auto reply = api.post(generatePath(api.projectId("Default")), R"({"email":"a@example.com"})",
                          kAcmeKey, {{"Content-Type", "text/plain"}});
    EXPECT_EQ(reply.status, 415);
    EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr("application/json"));
    auto charset = api.post(generatePath(api.projectId("Default")), R"({"email":"a@example.com"})",
                            kAcmeKey, {{"Content-Type", "application/json; charset=utf-8"}});
    EXPECT_EQ(charset.status, 200);
}

TEST(GenerateApi, OversizedBodiesAre413EvenWhenChunked) {
    ApiDaemon api(ApiDaemon::kGenerousLimits, "  max_body_bytes: 4096\n");
    auto path = generatePath(api.projectId("Default"));
    std::string big = R"({"email":"a@example.com","fullName":")" + std::string(5000, 'x') + "\"}";
    auto reply = api.post(path, big);
    EXPECT_EQ(reply.status, 413);
    EXPECT_TRUE(reply.json->has("error"));
    auto chunked = api.post(path, big, kAcmeKey, {{"Transfer-Encoding", "chunked"}});
    EXPECT_EQ(chunked.status, 413);
    auto fits = api.post(path, R"({"email":"a@example.com"})", kAcmeKey,
                         {{"Transfer-Encoding", "chunked"}});
    EXPECT_EQ(fits.status, 200);
}

TEST(GenerateApi, ProjectsOutsideTheKeysReachAre403) {
    ApiDaemon api;
    std::vector<std::string> forbidden{api.projectId("Other"),              // another organisation
                                       "00000000000000000000000000000000",  // does not exist
                                       "..%2F..%2Fetc"};
    for (const auto& project : forbidden) {
        auto reply = api.post(generatePath(project), R"({"email":"a@example.com"})");
        EXPECT_EQ(reply.status, 403) << project;
        EXPECT_EQ(reply.json->getNames(), std::vector<std::string>{"error"});
    }
    auto scoped = api.post(generatePath(api.projectId("Default")), R"({"email":"a@example.com"})",
                           kScopedKey);
    EXPECT_EQ(scoped.status, 403);
    auto allowed =
        api.post(generatePath(api.projectId("Free")), R"({"email":"a@example.com"})", kScopedKey);
    EXPECT_EQ(allowed.status, 200);
    EXPECT_EQ(api.credits("Acme"), 5);  // Free costs nothing
}

TEST(GenerateApi, TooFewCreditsIs402AndChargesNothing) {
    ApiDaemon api;
    auto reply =
        api.post(generatePath(api.projectId("Pricey")), R"({"email":"a@example.com"})", kPoorKey);
    EXPECT_EQ(reply.status, 402);
    EXPECT_EQ(reply.text, R"({"error":"Insufficient credits"})");
    EXPECT_EQ(api.credits("Poor"), 1);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM leads"), 0);
}

TEST(GenerateApi, SchemaDescribesTheProjectsFields) {
    ApiDaemon api;
    auto strict = api.projectId("Strict");
    auto reply = api.get(generatePath(strict));
    ASSERT_EQ(reply.status, 200);
    EXPECT_TRUE(reply.json->getValue<bool>("success"));
    EXPECT_EQ(reply.json->getValue<std::string>("projectId"), strict);
    auto fields = reply.json->getArray("fields");
    ASSERT_EQ(fields->size(), 4u);
    auto fullName = fields->getObject(1);
    EXPECT_EQ(fullName->getNames(),
              (std::vector<std::string>{"name", "type", "required", "label", "description"}));
    EXPECT_EQ(fullName->getValue<std::string>("label"), "Full name");
    EXPECT_EQ(fields->getObject(3)->getValue<std::string>("type"), "json");
    EXPECT_EQ(strings(reply.json->getArray("requiredFields")),
              (std::vector<std::string>{"email", "fullName"}));

    auto defaults = api.get(generatePath(api.projectId("Default")));
    EXPECT_EQ(defaults.json->getArray("fields")->size(), 9u);
    EXPECT_EQ(strings(defaults.json->getArray("requiredFields")),
              std::vector<std::string>{"email"});
    // The schema is as private as the project: same 403 for every way of not being allowed.
    auto other = api.get(generatePath(api.projectId("Other")));
    auto outOfScope = api.get(generatePath(strict), kScopedKey);
    auto missing = api.get(generatePath(std::string(32, 'z')));
    for (const auto* reply : {&other, &outOfScope, &missing}) {
        EXPECT_EQ(reply->status, 403);
        EXPECT_EQ(reply->text, other.text) << "a 403 must not tell these cases apart";
    }
}

TEST(GenerateApi, UnknownRoutesAre404AndWrongMethods405) {
    ApiDaemon api;
    auto unknown = api.get("/api/nothing/here");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_TRUE(unknown.json->has("error"));
    auto put = api.send("PUT", generatePath(api.projectId("Default")), "{}",
                        {{"Authorization", "Bearer " + kAcmeKey}});
    EXPECT_EQ(put.status, 405);
    EXPECT_EQ(put.headers["Allow"], "POST, GET, HEAD");
    EXPECT_EQ(put.headers["Content-Type"], "application/json; charset=utf-8");
    auto deleteStatus = api.send("DELETE", "/api/generation/job_x/status", "", {});
    EXPECT_EQ(deleteStatus.status, 405);
    EXPECT_EQ(deleteStatus.headers["Allow"], "GET, HEAD");
    auto getRetry = api.get("/api/generation/job_x/retry");
    EXPECT_EQ(getRetry.status, 405);
    EXPECT_EQ(getRetry.headers["Allow"], "POST");
    auto malformed = api.get("/api/generation/%zz/status");
    EXPECT_EQ(malformed.status, 404);
    EXPECT_EQ(malformed.text, R"({"error":"Not found"})");
}
