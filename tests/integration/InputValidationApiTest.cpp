// Each kind of value a client sends is judged by its one rule (docs/api.md, "Input validation")
// on every route that takes it, and a value that breaks it is a 400 naming the field and why.
// The values are sent as JSON escapes ("\n"), as a client that means them would.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>

#include "ApiSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// One daemon for the suite: every case refuses before anything is stored, or stores under its
// own address.
class InputValidationApi : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { api_ = std::make_unique<ApiDaemon>(); }
    static void TearDownTestSuite() { api_.reset(); }

    ApiDaemon& api() { return *api_; }

    // A JSON body, its strings escaped by Poco as a client's library would.
    static std::string json(const std::vector<std::pair<std::string, std::string>>& members) {
        Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& [name, value] : members) body.set(name, value);
        std::ostringstream out;
        body.stringify(out);
        return out.str();
    }

    ApiReply addLead(const std::string& email, std::optional<std::string> domain = {}) {
        std::vector<std::pair<std::string, std::string>> members{
            {"companyName", "Acme"}, {"contactName", "Ann Lee"}, {"email", email}};
        if (domain) members.emplace_back("domain", *domain);
        return api().post("/api/campaigns/" + api().campaignId("Quiet") + "/leads", json(members));
    }

    // Add Lead refused `field` with `reason`, and stored nothing.
    void expectAddLeadRefused(const ApiReply& reply, const std::string& field,
                              const std::string& reason) {
        ASSERT_EQ(reply.status, 400) << reply.text;
        EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre(field));
        EXPECT_EQ(reply.json->getObject("fieldErrors")->getValue<std::string>(field), reason);
        EXPECT_THAT(reply.json->getValue<std::string>("error"), HasSubstr(field + " (" + reason));
        // The one lead this suite stores is bo@'s.
        EXPECT_EQ(api().backdoor().count(
                      "SELECT COUNT(*) FROM prospects WHERE email <> 'bo@mail.example'"),
                  0);
    }

    ApiReply generate(const std::vector<std::pair<std::string, std::string>>& members) {
        return api().post("/api/projects/" + api().projectId("Free") + "/generate", json(members));
    }

    static std::unique_ptr<ApiDaemon> api_;
};

std::unique_ptr<ApiDaemon> InputValidationApi::api_;

const std::string kEmailReason = "must be a valid email address: it ";
const std::string kDomainReason = "must be a host name such as example.com: it ";

TEST_F(InputValidationApi, AddLeadRefusesAnEmailWithATrailingLineBreak) {
    expectAddLeadRefused(addLead("ann@acme.example\n"), "email",
                         kEmailReason + "contains whitespace or a control character");
}

TEST_F(InputValidationApi, AddLeadRefusesMalformedEmails) {
    expectAddLeadRefused(addLead("ann lee@acme.example"), "email",
                         kEmailReason + "contains whitespace or a control character");
    expectAddLeadRefused(addLead(" ann@acme.example"), "email",
                         kEmailReason + "contains whitespace or a control character");
    expectAddLeadRefused(addLead("ann@b@acme.example"), "email",
                         kEmailReason + "has more than one @");
    expectAddLeadRefused(
        addLead(std::string(65, 'a') + "@acme.example"), "email",
        kEmailReason + "has a local part (before the @) longer than 64 characters");
    expectAddLeadRefused(addLead("ann@127.0.0.1"), "email",
                         kEmailReason + "has a domain that is an IP address, not a host name");
}

TEST_F(InputValidationApi, AddLeadRefusesADomainThatIsAnIpAddress) {
    expectAddLeadRefused(addLead("ann@acme.example", "127.0.0.1"), "domain",
                         kDomainReason + "is an IP address, not a host name");
    expectAddLeadRefused(addLead("ann@acme.example", "[::1]"), "domain",
                         kDomainReason + "is an IP address, not a host name");
    expectAddLeadRefused(addLead("ann@acme.example", "2001:db8::1"), "domain",
                         kDomainReason + "is an IP address, not a host name");
}

TEST_F(InputValidationApi, AddLeadRefusesADomainWithAPortAControlCharacterOrAScheme) {
    expectAddLeadRefused(addLead("ann@acme.example", "acme.example:8080"), "domain",
                         kDomainReason +
                             "has a port; give the host name alone, such as "
                             "example.com");
    expectAddLeadRefused(addLead("ann@acme.example", "acme.example\n"), "domain",
                         kDomainReason + "contains whitespace or a control character");
    expectAddLeadRefused(addLead("ann@acme.example", "https://acme.example"), "domain",
                         kDomainReason +
                             "has a scheme or a path; give the host name alone, such "
                             "as example.com");
}

TEST_F(InputValidationApi, AddLeadStoresADomainLowercased) {
    auto reply = addLead("bo@mail.example", "Bo-Robotics.EXAMPLE");
    ASSERT_EQ(reply.status, 201) << reply.text;
    auto id = reply.json->getValue<std::string>("prospectId");
    EXPECT_EQ(api().backdoor().text("SELECT domain FROM prospects WHERE id = '" + id + "'"),
              "bo-robotics.example");
}

TEST_F(InputValidationApi, AddLeadRefusesUrlsWithCrLfOrCredentials) {
    auto reply = api().post("/api/campaigns/" + api().campaignId("Quiet") + "/leads",
                            json({{"companyName", "Acme"},
                                  {"contactName", "Ann Lee"},
                                  {"email", "ann@acme.example"},
                                  {"linkedInUrl", "https://linkedin.example/in/ann\r\nX: 1"},
                                  {"companyLinkedInUrl", "https://u:pw@linkedin.example/c/acme"}}));
    ASSERT_EQ(reply.status, 400) << reply.text;
    EXPECT_THAT(names(reply.json->getArray("invalidFields")),
                ElementsAre("linkedInUrl", "companyLinkedInUrl"));
    auto why = reply.json->getObject("fieldErrors");
    EXPECT_EQ(why->getValue<std::string>("linkedInUrl"),
              "must be an absolute http(s) URL: it contains whitespace or a control character");
    EXPECT_EQ(why->getValue<std::string>("companyLinkedInUrl"),
              "must be an absolute http(s) URL: it has a user name or password");
}

TEST_F(InputValidationApi, GenerateRefusesAnEmailWithATrailingLineBreak) {
    for (const std::string& email :
         std::vector<std::string>{"ada@example.com\n", "ada @example.com", "ada@b@example.com",
                                  std::string(65, 'a') + "@example.com"}) {
        auto reply = generate({{"email", email}});
        ASSERT_EQ(reply.status, 400) << reply.text;
        EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre("email"));
    }
    // The one lead this suite stores is lin@'s.
    EXPECT_EQ(api().backdoor().count("SELECT COUNT(*) FROM leads WHERE email <> 'lin@example.com'"),
              0);
}

TEST_F(InputValidationApi, GenerateRefusesADomainThatIsNotAHostNameAndStoresOneLowercased) {
    for (const std::string domain : {"127.0.0.1", "[::1]", "analytical.example:443",
                                     "analytical.example\r\n", "http://analytical.example"}) {
        auto reply = generate({{"email", "ada@example.com"}, {"domain", domain}});
        ASSERT_EQ(reply.status, 400) << reply.text;
        EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre("domain"));
    }
    auto created =
        generateOk(api(), api().projectId("Free"),
                   json({{"email", "lin@example.com"}, {"domain", "Analytical.EXAMPLE"}}));
    auto fields = Poco::JSON::Parser()
                      .parse(api().backdoor().text("SELECT fields_json FROM leads WHERE id = '" +
                                                   created.leadId + "'"))
                      .extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(fields->getValue<std::string>("domain"), "analytical.example");
}

TEST_F(InputValidationApi, TheSchemaCallsTheDomainFieldADomain) {
    auto reply = api().get("/api/projects/" + api().projectId("Free") + "/generate");
    ASSERT_EQ(reply.status, 200) << reply.text;
    auto fields = reply.json->getArray("fields");
    for (std::size_t i = 0; i < fields->size(); ++i) {
        auto field = fields->getObject(static_cast<unsigned>(i));
        if (field->getValue<std::string>("name") == "domain") {
            EXPECT_EQ(field->getValue<std::string>("type"), "domain");
        }
    }
}

TEST_F(InputValidationApi, MeetingsRefuseAnEmailWithATrailingLineBreak) {
    auto reply = api().post("/api/campaigns/" + api().campaignId("Quiet") + "/meetings",
                            R"({"email":"ann@acme.example\n","scheduledAt":"2026-12-01T15:00:00Z",)"
                            R"("duration":30,"title":"Intro"})");
    ASSERT_EQ(reply.status, 400) << reply.text;
    EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre("email"));
    EXPECT_THAT(reply.json->getValue<std::string>("error"),
                HasSubstr("email contains whitespace or a control character"));
}

TEST_F(InputValidationApi, AnIdempotencyKeyWithAControlCharacterIs400) {
    const std::string path = "/api/projects/" + api().projectId("Free") + "/generate";
    const std::string rule =
        "Idempotency-Key must be visible ASCII characters (0x21-0x7E): no space, control "
        "character or non-ASCII byte; a UUID is a good key";
    auto send = [&](const std::string& key) {
        return api().post(path, R"({"email":"key@example.com"})", kAcmeKey,
                          {{"Idempotency-Key", key}});
    };
    // A control character may already be refused by the HTTP layer, which reads header fields;
    // either way it is a JSON 400 that names the header.
    auto control = send("order\x01-1");
    ASSERT_EQ(control.status, 400) << control.text;
    ASSERT_TRUE(control.json) << control.text;
    EXPECT_THAT(control.json->getValue<std::string>("error"), HasSubstr("Idempotency-Key"));
    for (const std::string key : {"order 1", "order\t1", "order-\xC3\xA9"}) {
        auto reply = send(key);
        ASSERT_EQ(reply.status, 400) << reply.text;
        ASSERT_TRUE(reply.json) << reply.text;
        EXPECT_EQ(reply.json->getValue<std::string>("error"), rule);
    }
    EXPECT_EQ(api().backdoor().count("SELECT COUNT(*) FROM leads WHERE email = 'key@example.com'"),
              0);
    EXPECT_EQ(api().backdoor().count("SELECT COUNT(*) FROM idempotency_keys"), 0);
}

TEST_F(InputValidationApi, ARepeatedQueryParameterIs400NamingIt) {
    const std::string path = "/api/campaigns/" + api().campaignId("Quiet") + "/webhook-deliveries";
    auto reply = api().get(path + "?status=pending&status=failed");
    ASSERT_EQ(reply.status, 400) << reply.text;
    EXPECT_EQ(reply.json->getValue<std::string>("error"),
              "Query parameter status is given more than once; give it once");
    EXPECT_THAT(names(reply.json->getArray("invalidFields")), ElementsAre("status"));

    auto limits = api().get(path + "?limit=5&status=failed&limit=500");
    ASSERT_EQ(limits.status, 400) << limits.text;
    EXPECT_THAT(names(limits.json->getArray("invalidFields")), ElementsAre("limit"));

    auto badEscape = api().get(path + "?status=%zz");
    ASSERT_EQ(badEscape.status, 400) << badEscape.text;
    EXPECT_THAT(badEscape.json->getValue<std::string>("error"), HasSubstr("query string"));

    EXPECT_EQ(api().get(path + "?status=failed&limit=5").status, 200);
}

}  // namespace
}  // namespace lodestone::test
