#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "domain/ClientJson.hpp"
#include "leadmagnet/ProjectLeadFields.hpp"
#include "unit/domain/UrlSamples.hpp"

using namespace lodestone;
using domain::FieldSpec;
using domain::FieldType;
using domain::ProjectSchema;
using leadmagnet::checkProjectLeadFields;
using leadmagnet::ProjectLeadFields;
using Poco::JSON::Object;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

namespace {

// A request body as the API parses it.
Object::Ptr body(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Object::Ptr>();
}

ProjectLeadFields check(const std::string& json,
                        const ProjectSchema& schema = ProjectSchema::defaults()) {
    return checkProjectLeadFields(schema, *body(json));
}

// A JSON string literal holding `text` (which must need no escaping).
std::string jsonString(const std::string& text) {
    return "\"" + text + "\"";
}

std::vector<std::string> keysOf(const Object::Ptr& object) {
    std::vector<std::string> keys;
    object->getNames(keys);
    return keys;
}

// A schema with fields of every type, email in the middle, to see schema order.
ProjectSchema customSchema() {
    return ProjectSchema({
        FieldSpec{"company", FieldType::String, true, "Company", ""},
        FieldSpec{"email", FieldType::Email, true, "Email", ""},
        FieldSpec{"website", FieldType::Url, true, "Website", ""},
        FieldSpec{"notes", FieldType::String, false, "Notes", ""},
        FieldSpec{"profile", FieldType::Json, true, "Profile", ""},
        FieldSpec{"homepage", FieldType::Url, false, "Homepage", ""},
    });
}

TEST(ProjectLeadFields, AnEmailAloneSatisfiesTheDefaultSchema) {
    auto input = check(R"({"email":"ada@example.com"})");
    EXPECT_TRUE(input.valid());
    EXPECT_THAT(input.missingFields, IsEmpty());
    EXPECT_THAT(input.invalidFields, IsEmpty());
    EXPECT_EQ(input.email(), "ada@example.com");
    EXPECT_THAT(keysOf(input.fields), ElementsAre("email"));
}

TEST(ProjectLeadFields, EveryDefaultFieldIsAcceptedAndKept) {
    auto input =
        check(R"({"email":"ada@example.com","fullName":"Ada Lovelace","company":"Analytical",
        "domain":"analytical.example","industry":"Computing","companySize":"1-10",
        "title":"Countess","phone":"+44 20 7946 0000","customFields":{"source":"webinar"}})");
    EXPECT_TRUE(input.valid());
    EXPECT_THAT(keysOf(input.fields),
                UnorderedElementsAre("email", "fullName", "company", "domain", "industry",
                                     "companySize", "title", "phone", "customFields"));
    EXPECT_EQ(input.fields->getValue<std::string>("fullName"), "Ada Lovelace");
    EXPECT_EQ(input.fields->getValue<std::string>("phone"), "+44 20 7946 0000");
}

TEST(ProjectLeadFields, AnAbsentNullEmptyOrBlankEmailIsMissing) {
    for (const std::string json :
         {R"({})", R"({"email":null})", R"({"email":""})", R"({"email":"   "})",
          R"({"email":" \t\n "})", R"({"fullName":"Ada"})"}) {
        auto input = check(json);
        EXPECT_FALSE(input.valid()) << json;
        EXPECT_THAT(input.missingFields, ElementsAre("email")) << json;
        EXPECT_THAT(input.invalidFields, IsEmpty()) << json;
        EXPECT_FALSE(input.fields->has("email")) << json;
        EXPECT_EQ(input.email(), "") << json;
    }
}

TEST(ProjectLeadFields, AMalformedEmailIsInvalidNotMissing) {
    for (const std::string email :
         {"ada", "ada@", "@example.com", "ada@example", "ada@@example.com",
          "ada lovelace@example.com", "\\\"ada\\\"@example.com"}) {
        auto input = check(R"({"email":)" + jsonString(email) + "}");
        EXPECT_FALSE(input.valid()) << email;
        EXPECT_THAT(input.invalidFields, ElementsAre("email")) << email;
        EXPECT_THAT(input.missingFields, IsEmpty()) << email;
        EXPECT_FALSE(input.fields->has("email")) << email;
    }
}

TEST(ProjectLeadFields, StringsAreTrimmed) {
    auto input = check(R"({"email":"ada@example.com","fullName":"\n Ada Lovelace  ",
                           "company":"  Acme  Corp  "})");
    EXPECT_TRUE(input.valid());
    EXPECT_EQ(input.email(), "ada@example.com");
    EXPECT_EQ(input.fields->getValue<std::string>("fullName"), "Ada Lovelace");
    EXPECT_EQ(input.fields->getValue<std::string>("company"), "Acme  Corp");  // inside kept
}

// An address must be one token: checked as sent, so whitespace or a control character anywhere
// in it, around it included, makes it invalid rather than trimmed away.
TEST(ProjectLeadFields, AnEmailWithWhitespaceOrAControlCharacterIsInvalid) {
    for (const std::string email : {R"(ada@example.com\n)", R"(  ada@example.com\t)",
                                    R"(ada@example.com\r\nBcc: x@evil.example)", "ada @example.com",
                                    R"(ada@example.com\u0000)", R"(ada@example.com\u00a0)"}) {
        auto input = check(R"({"email":)" + jsonString(email) + "}");
        EXPECT_THAT(input.invalidFields, ElementsAre("email")) << email;
        EXPECT_FALSE(input.fields->has("email")) << email;
    }
}

// The default schema's domain field is a host name by the one host-name rule, stored lowercased.
TEST(ProjectLeadFields, TheDomainFieldIsAHostNameStoredLowercased) {
    auto input = check(R"({"email":"ada@example.com","domain":"Analytical.EXAMPLE"})");
    EXPECT_TRUE(input.valid());
    EXPECT_EQ(input.fields->getValue<std::string>("domain"), "analytical.example");
    for (const std::string domain :
         {"127.0.0.1", "[::1]", "analytical.example:8080", "https://analytical.example",
          R"(analytical.example\n)", " analytical.example"}) {
        auto refused = check(R"({"email":"ada@example.com","domain":)" + jsonString(domain) + "}");
        EXPECT_THAT(refused.invalidFields, ElementsAre("domain")) << domain;
        EXPECT_FALSE(refused.fields->has("domain")) << domain;
    }
    EXPECT_THAT(check(R"({"email":"ada@example.com","domain":"  "})").invalidFields, IsEmpty());
}

TEST(ProjectLeadFields, AnOptionalFieldThatIsNullOrEmptyIsLeftOut) {
    auto input = check(
        R"({"email":"ada@example.com","fullName":null,"company":"","title":"   ","customFields":null})");
    EXPECT_TRUE(input.valid());
    EXPECT_THAT(input.missingFields, IsEmpty());
    EXPECT_THAT(keysOf(input.fields), ElementsAre("email"));
}

TEST(ProjectLeadFields, NonStringValuesForStringFieldsAreInvalid) {
    for (const std::string value : {"42", "0", "4.2", "-1", "true", "false", "{}",
                                    R"({"first":"Ada"})", "[]", R"(["Ada"])"}) {
        auto input = check(R"({"email":"ada@example.com","fullName":)" + value + "}");
        EXPECT_FALSE(input.valid()) << value;
        EXPECT_THAT(input.invalidFields, ElementsAre("fullName")) << value;
        EXPECT_THAT(input.missingFields, IsEmpty()) << value;
        EXPECT_FALSE(input.fields->has("fullName")) << value;

        auto asEmail = check(R"({"email":)" + value + "}");
        EXPECT_THAT(asEmail.invalidFields, ElementsAre("email")) << value;
        EXPECT_THAT(asEmail.missingFields, IsEmpty()) << value;
    }
}

TEST(ProjectLeadFields, UnknownFieldsAreDropped) {
    auto input = check(
        R"({"email":"ada@example.com","favouriteColour":"blue","EMAIL":"x","fullname":"lower",
            "id":"lead_1","nested":{"a":1}})");
    EXPECT_TRUE(input.valid());
    EXPECT_THAT(keysOf(input.fields), ElementsAre("email"));
}

TEST(ProjectLeadFields, CustomFieldsMayBeAnObject) {
    auto input = check(R"({"email":"ada@example.com","customFields":{"plan":"pro","seats":5,
                                                                     "tags":["a","b"]}})");
    EXPECT_TRUE(input.valid());
    ASSERT_TRUE(input.fields->has("customFields"));
    auto custom = input.fields->getObject("customFields");
    ASSERT_TRUE(custom);
    EXPECT_EQ(custom->getValue<std::string>("plan"), "pro");
    EXPECT_EQ(custom->getValue<int>("seats"), 5);
    EXPECT_EQ(custom->getArray("tags")->size(), 2u);
}

TEST(ProjectLeadFields, CustomFieldsMayBeAStringHoldingAnObjectAndAreStoredAsTheObject) {
    auto input =
        check(R"({"email":"ada@example.com","customFields":"  {\"plan\":\"pro\",\"seats\":5}  "})");
    EXPECT_TRUE(input.valid());
    ASSERT_TRUE(input.fields->isObject("customFields"));
    auto custom = input.fields->getObject("customFields");
    EXPECT_EQ(custom->getValue<std::string>("plan"), "pro");
    EXPECT_EQ(custom->getValue<int>("seats"), 5);
    // Stored as an object: serialising the fields nests it rather than quoting it.
    std::ostringstream out;
    input.fields->stringify(out);
    EXPECT_NE(out.str().find(R"("customFields":{)"), std::string::npos) << out.str();
}

TEST(ProjectLeadFields, CustomFieldsAsAStringFollowTheBodysRules) {
    // Keys in the order sent, as for an object.
    auto input = check(R"({"email":"ada@example.com","customFields":"{\"z\":1,\"a\":2}"})");
    ASSERT_TRUE(input.valid());
    EXPECT_EQ(keysOf(input.fields->getObject("customFields")),
              (std::vector<std::string>{"z", "a"}));
    // A duplicate key, a control character, a key beyond the limit: each makes it invalid.
    std::string manyKeys = "{";
    for (std::size_t i = 0; i <= domain::kMaxObjectKeys; ++i) {
        manyKeys += (i ? ",\\\"k" : "\\\"k") + std::to_string(i) + "\\\":0";
    }
    manyKeys += "}";
    for (const std::string& value : std::vector<std::string>{
             R"("{\"a\":1,\"a\":2}")", R"("{\"a\":\"x\\u0000\"}")", "\"" + manyKeys + "\""}) {
        auto refused = check(R"({"email":"ada@example.com","customFields":)" + value + "}");
        EXPECT_THAT(refused.invalidFields, ElementsAre("customFields")) << value.substr(0, 80);
    }
}

TEST(ProjectLeadFields, CustomFieldsThatAreNotAnObjectAreInvalid) {
    for (const std::string value :
         {R"("[1,2]")", R"("not json")", R"("{\"unclosed\":1")", R"("42")", R"("\"text\"")",
          R"("null")", R"("true")", "42", "true", "false", "[]", R"([{"a":1}])"}) {
        auto input = check(R"({"email":"ada@example.com","customFields":)" + value + "}");
        EXPECT_FALSE(input.valid()) << value;
        EXPECT_THAT(input.invalidFields, ElementsAre("customFields")) << value;
        EXPECT_THAT(input.missingFields, IsEmpty()) << value;
        EXPECT_FALSE(input.fields->has("customFields")) << value;
    }
}

TEST(ProjectLeadFields, EmptyCustomFieldsAreAbsent) {
    for (const std::string value : {R"("")", R"("   ")", "null"}) {
        auto input = check(R"({"email":"ada@example.com","customFields":)" + value + "}");
        EXPECT_TRUE(input.valid()) << value;
        EXPECT_FALSE(input.fields->has("customFields")) << value;
    }
    // An empty object carries nothing either: absent when optional, missing when required.
    for (const std::string value : {"{}", R"("{}")", R"(" { } ")"}) {
        auto empty = check(R"({"email":"ada@example.com","customFields":)" + value + "}");
        EXPECT_TRUE(empty.valid()) << value;
        EXPECT_FALSE(empty.fields->has("customFields")) << value;
        auto required =
            check(R"({"company":"Acme","email":"ada@example.com","profile":)" + value + "}",
                  customSchema());
        EXPECT_THAT(required.missingFields, ElementsAre("website", "profile")) << value;
    }
}

TEST(ProjectLeadFields, CustomSchemasCheckEveryRequiredField) {
    auto input = check(R"({"company":"Acme","email":"ada@example.com",
                           "website":"https://acme.example","profile":{"tier":1}})",
                       customSchema());
    EXPECT_TRUE(input.valid());
    EXPECT_THAT(keysOf(input.fields),
                UnorderedElementsAre("company", "email", "website", "profile"));
    EXPECT_EQ(input.fields->getValue<std::string>("website"), "https://acme.example");
}

TEST(ProjectLeadFields, MissingAndInvalidAreReportedTogetherInSchemaOrder) {
    auto input =
        check(R"({"profile":"nope","website":"ftp://acme.example","notes":7,"homepage":"x"})",
              customSchema());
    EXPECT_FALSE(input.valid());
    EXPECT_THAT(input.missingFields, ElementsAre("company", "email"));
    EXPECT_THAT(input.invalidFields, ElementsAre("website", "notes", "profile", "homepage"));
    EXPECT_THAT(keysOf(input.fields), IsEmpty());

    auto allMissing = check(R"({})", customSchema());
    EXPECT_THAT(allMissing.missingFields, ElementsAre("company", "email", "website", "profile"));
    EXPECT_THAT(allMissing.invalidFields, IsEmpty());

    auto allInvalid =
        check(R"({"company":1,"email":"x","website":"y","notes":[],"profile":2,"homepage":3})",
              customSchema());
    EXPECT_THAT(allInvalid.missingFields, IsEmpty());
    EXPECT_THAT(allInvalid.invalidFields,
                ElementsAre("company", "email", "website", "notes", "profile", "homepage"));
}

TEST(ProjectLeadFields, AUrlMustBeAnAbsoluteHttpOrHttpsUrl) {
    for (const std::string url :
         {"http://acme.example", "https://acme.example", "https://acme.example/path?q=1#top",
          "https://www.acme.co.uk:8443/x/y", "http://127.0.0.1:8080/"}) {
        auto input =
            check(R"({"company":"Acme","email":"ada@example.com","profile":{"tier":1},"website":)" +
                      jsonString(url) + "}",
                  customSchema());
        EXPECT_TRUE(input.valid()) << url;
        EXPECT_THAT(input.invalidFields, IsEmpty()) << url;
    }
    for (const std::string url :
         {"acme.example", "www.acme.example/path", "/relative/path", "//acme.example",
          "ftp://acme.example", "mailto:ada@example.com", "javascript:alert(1)",
          "file:///etc/passwd", "https://", "http:///path", "https//acme.example", "http://[::1",
          "data:text/html,hi", "  https://acme.example  "}) {
        auto input =
            check(R"({"company":"Acme","email":"ada@example.com","profile":{"tier":1},"website":)" +
                      jsonString(url) + "}",
                  customSchema());
        EXPECT_FALSE(input.valid()) << url;
        EXPECT_THAT(input.invalidFields, ElementsAre("website")) << url;
        EXPECT_THAT(input.missingFields, IsEmpty()) << url;
    }
}

// Generate's url fields apply the one URL rule (domain/Urls.hpp) to the value as sent; the
// samples every URL check is held to get the same verdicts here.
TEST(ProjectLeadFields, AUrlFieldFollowsTheOneUrlRule) {
    auto withWebsite = [](const std::string& url) {
        Object::Ptr profile = new Object;
        profile->set("tier", 1);
        Object body;
        body.set("company", "Acme");
        body.set("email", "ada@example.com");
        body.set("profile", profile);
        body.set("website", url);
        return checkProjectLeadFields(customSchema(), body);
    };
    for (const auto& url : test::kHttpUrls) {
        auto input = withWebsite(url);
        EXPECT_TRUE(input.valid()) << url;
        EXPECT_EQ(input.fields->optValue<std::string>("website", ""), url);
    }
    for (const auto* refused : {&test::kUrlsWithSpaceOrControl, &test::kNotHttpUrls,
                                &test::kUrlsInWhitespace, &test::kUrlsWithUserInfo}) {
        for (const auto& url : *refused) {
            auto input = withWebsite(url);
            EXPECT_THAT(input.invalidFields, ElementsAre("website")) << test::visible(url);
            EXPECT_FALSE(input.fields->has("website")) << test::visible(url);
        }
    }
}

TEST(ProjectLeadFields, ARequiredUrlThatIsBlankIsMissing) {
    auto input = check(R"({"company":"Acme","email":"ada@example.com","profile":{"tier":1},
                           "website":"  "})",
                       customSchema());
    EXPECT_THAT(input.missingFields, ElementsAre("website"));
    EXPECT_THAT(input.invalidFields, IsEmpty());
}

TEST(ProjectLeadFields, AStringFieldMayHoldUpToItsLimit) {
    const std::string atLimit(leadmagnet::kMaxStringField, 'x');
    auto ok = check(R"({"email":"ada@example.com","fullName":)" + jsonString(atLimit) + "}");
    EXPECT_TRUE(ok.valid());
    EXPECT_EQ(ok.fields->getValue<std::string>("fullName").size(), leadmagnet::kMaxStringField);
    // The limit applies after trimming.
    auto padded = check(R"({"email":"ada@example.com","fullName":)" +
                        jsonString("   " + atLimit + "   ") + "}");
    EXPECT_TRUE(padded.valid());

    auto over =
        check(R"({"email":"ada@example.com","fullName":)" + jsonString(atLimit + "x") + "}");
    EXPECT_FALSE(over.valid());
    EXPECT_THAT(over.invalidFields, ElementsAre("fullName"));
    EXPECT_FALSE(over.fields->has("fullName"));
}

TEST(ProjectLeadFields, AUrlFieldMayHoldUpToItsLimit) {
    const std::string prefix = "https://acme.example/";
    const std::string atLimit = prefix + std::string(leadmagnet::kMaxUrlField - prefix.size(), 'p');
    ASSERT_EQ(atLimit.size(), leadmagnet::kMaxUrlField);
    auto withWebsite = [](const std::string& url) {
        return check(
            R"({"company":"Acme","email":"ada@example.com","profile":{"tier":1},"website":)" +
                jsonString(url) + "}",
            customSchema());
    };
    EXPECT_TRUE(withWebsite(atLimit).valid());
    auto over = withWebsite(atLimit + "p");
    EXPECT_FALSE(over.valid());
    EXPECT_THAT(over.invalidFields, ElementsAre("website"));
}

TEST(ProjectLeadFields, AJsonFieldMayHoldUpToItsLimit) {
    // {"k":"…"} serialises to 8 characters plus the value.
    const std::string atLimit(leadmagnet::kMaxJsonField - 8, 'v');
    const std::string object = R"({"k":")" + atLimit + R"("})";
    ASSERT_EQ(object.size(), leadmagnet::kMaxJsonField);
    const std::string tooBig = R"({"k":")" + atLimit + R"(v"})";

    EXPECT_TRUE(check(R"({"email":"ada@example.com","customFields":)" + object + "}").valid());
    auto over = check(R"({"email":"ada@example.com","customFields":)" + tooBig + "}");
    EXPECT_THAT(over.invalidFields, ElementsAre("customFields"));

    // The same limit for an object sent as a string.
    auto escaped = [](const std::string& json) {
        std::string out;
        for (char c : json) {
            if (c == '"') out += '\\';
            out += c;
        }
        return jsonString(out);
    };
    EXPECT_TRUE(
        check(R"({"email":"ada@example.com","customFields":)" + escaped(object) + "}").valid());
    auto overAsString =
        check(R"({"email":"ada@example.com","customFields":)" + escaped(tooBig) + "}");
    EXPECT_THAT(overAsString.invalidFields, ElementsAre("customFields"));
}

TEST(ProjectLeadFields, ValidMeansNothingMissingAndNothingInvalid) {
    ProjectLeadFields input;
    EXPECT_TRUE(input.valid());
    input.missingFields.push_back("email");
    EXPECT_FALSE(input.valid());
    input.missingFields.clear();
    input.invalidFields.push_back("website");
    EXPECT_FALSE(input.valid());
}

}  // namespace
