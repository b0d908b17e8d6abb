#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "outreach/addlead/CampaignLead.hpp"
#include "support/ManualClock.hpp"

using namespace lodestone::outreach;
using Poco::JSON::Object;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;

namespace {

constexpr int kYear = 2025;
const std::string kRequired =
    R"("companyName":"Acme","contactName":"Ann Lee","email":"ann@acme.io")";

Object::Ptr parse(const std::string& json) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(json).extract<Object::Ptr>();
}

std::string stringify(const Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

std::vector<std::string> keysOf(const Object::Ptr& object) {
    return object->getNames();
}

// Lead bodies checked against the system's tz database (Debian's tzdata).
class CampaignLeadTest : public ::testing::Test {
  protected:
    CampaignLead read(const std::string& json) const {
        return readCampaignLead(*parse(json), kYear);
    }
    CampaignLead lead(const std::string& extra = "") const {
        return read("{" + kRequired + (extra.empty() ? "" : "," + extra) + "}");
    }
    CampaignLeadError errorFor(const std::string& json) const {
        try {
            read(json);
        } catch (const CampaignLeadError& e) {
            return e;
        }
        ADD_FAILURE() << "accepted: " << json;
        return CampaignLeadError("", {}, {}, {});
    }
};

const std::string kFullBody = R"({
  "companyName": "Acme Robotics", "contactName": "Ann Lee", "email": "Ann.Lee@Acme.io",
  "domain": "acme.io", "title": "VP Sales", "phone": "+49 30 1234567",
  "linkedInUrl": "https://www.linkedin.com/in/ann-lee",
  "companyLinkedInUrl": "https://www.linkedin.com/company/acme",
  "notes": "Met at the trade fair",
  "company": {
    "description": "Warehouse robots", "website": "https://acme.io",
    "linkedinUrl": "https://www.linkedin.com/company/acme", "industry": "Robotics",
    "subIndustry": "Logistics", "employeeCount": 120, "employeeRange": "101-250",
    "revenue": 12500000.5, "revenueRange": "$10M-$50M", "foundedYear": 2015,
    "fundingStage": "Series B", "headquarters": "Berlin", "country": "DE", "region": "EMEA",
    "companyType": "Private", "technologies": ["ROS", "Kubernetes"], "techCategories": [],
    "signals": {
      "recentFunding": {"amount": 30000000, "date": "2024-03", "round": "Series B"},
      "hiringSignals": {"isHiring": true, "openRoles": 14, "departments": ["Sales", "R&D"]},
      "newsSignals": {"recentNews": ["Opened a US office"]},
      "leadershipChanges": {"newCeo": false, "newCro": true},
      "growthIndicators": {"employeeGrowth": 0.35, "revenueGrowth": -0.1}
    }
  },
  "contact": {
    "bio": "Twenty years in B2B sales", "photoUrl": "http://cdn.acme.io/ann.png",
    "seniority": "VP", "department": "Sales", "city": "Berlin", "state": "Berlin",
    "country": "DE", "timezone": "Europe/Berlin"
  },
  "researchData": {"painPoints": ["picking speed"], "score": {"fit": 0.8}},
  "extraContext": {"source": "webinar"},
  "customData": {"crmId": 991, "tags": ["hot"], "nested": {"unknownToUs": null}}
})";

TEST_F(CampaignLeadTest, AFullBodyRoundTripsIntoStored) {
    auto result = read(kFullBody);
    EXPECT_EQ(stringify(result.stored), stringify(parse(kFullBody)));
    EXPECT_EQ(result.companyName, "Acme Robotics");
    EXPECT_EQ(result.contactName, "Ann Lee");
    EXPECT_EQ(result.email, "Ann.Lee@Acme.io");
    EXPECT_EQ(result.emailKey, "ann.lee@acme.io");
    EXPECT_EQ(result.domain, "acme.io");
    EXPECT_EQ(result.title, "VP Sales");
    EXPECT_TRUE(result.companySupplied);
}

TEST_F(CampaignLeadTest, TheRequiredFieldsAloneAreEnough) {
    auto result = lead();
    EXPECT_THAT(keysOf(result.stored),
                ElementsAre("companyName", "contactName", "email", "domain"));
    EXPECT_EQ(result.title, std::nullopt);
    EXPECT_FALSE(result.companySupplied);
}

TEST_F(CampaignLeadTest, AbsentNullEmptyOrBlankRequiredFieldsAreMissing) {
    for (const std::string json :
         {R"({})", R"({"companyName":null,"contactName":"","email":"  \t "})"}) {
        auto e = errorFor(json);
        EXPECT_THAT(e.missingFields(), ElementsAre("companyName", "contactName", "email"));
        EXPECT_THAT(e.invalidFields(), IsEmpty());
        EXPECT_THAT(e.reasons(), IsEmpty());
        EXPECT_STREQ(e.what(), "Invalid lead: missing companyName, contactName, email");
    }
}

TEST_F(CampaignLeadTest, EveryProblemIsReportedAtOnce) {
    auto e = errorFor(R"({"contactName":42,"title":"CTO",
        "company":{"website":"acme.io","foundedYear":1400,"technologies":["Go",7]},
        "contact":{"timezone":"Mars/Olympus"},"customData":"crm"})");
    EXPECT_THAT(e.missingFields(), ElementsAre("companyName", "email"));
    EXPECT_THAT(e.invalidFields(),
                ElementsAre("contactName", "company.website", "company.foundedYear",
                            "company.technologies[1]", "contact.timezone", "customData"));
    EXPECT_THAT(
        e.reasons(),
        ElementsAre(
            Pair("company.foundedYear", "must be a whole number from 1600 to 2026"),
            Pair("company.technologies[1]", "must be a string"),
            Pair("company.website",
                 "must be an absolute http(s) URL: it has no scheme; it must start with http:// "
                 "or https://"),
            Pair("contact.timezone", "must be an IANA time zone name such as Europe/Berlin"),
            Pair("contactName", "must be a string"), Pair("customData", "must be an object")));
}

TEST_F(CampaignLeadTest, TheMessageListsEverythingOnOneLine) {
    auto e = errorFor(R"({"contactName":"Ann","company":{"website":"acme.io"}})");
    EXPECT_STREQ(e.what(),
                 "Invalid lead: missing companyName, email; invalid company.website (must be an "
                 "absolute http(s) URL: it has no scheme; it must start with http:// or "
                 "https://)");
    auto invalidOnly = errorFor(R"({"companyName":"A","contactName":"B","email":"b@"})");
    EXPECT_STREQ(invalidOnly.what(),
                 "Invalid lead: invalid email (must be a valid email address: it has a domain "
                 "that is empty)");
}

TEST_F(CampaignLeadTest, NullCountsAsAbsentEverywhere) {
    auto result = lead(R"("domain":null,"title":null,"phone":null,"linkedInUrl":null,
        "companyLinkedInUrl":null,"notes":null,"contact":null,"researchData":null,
        "extraContext":null,"customData":null,"company":{"website":null,"employeeCount":null,
        "technologies":null,"signals":{"recentFunding":null,
        "hiringSignals":{"isHiring":null}}})");
    EXPECT_THAT(keysOf(result.stored),
                ElementsAre("companyName", "contactName", "email", "company", "domain"));
    EXPECT_EQ(stringify(result.stored->getObject("company")),
              R"({"signals":{"hiringSignals":{}}})");
    EXPECT_EQ(result.domain, "acme.io");
    EXPECT_TRUE(result.companySupplied);
}

TEST_F(CampaignLeadTest, ANullOrEmptyCompanyIsNotSupplied) {
    EXPECT_FALSE(lead(R"("company":null)").companySupplied);
    // Nothing usable in it: not stored, so research enriches the company as usual.
    auto empty = lead(R"("company":{})");
    EXPECT_FALSE(empty.companySupplied);
    EXPECT_FALSE(empty.stored->has("company"));
    auto unknownOnly = lead(R"("company":{"colour":"blue"})");
    EXPECT_FALSE(unknownOnly.companySupplied);
    EXPECT_THAT(unknownOnly.ignoredFields, ElementsAre("company.colour"));
}

TEST_F(CampaignLeadTest, KeysNoRuleKnowsAreReportedAsIgnored) {
    auto result = lead(R"("favouriteColour":"blue","contact":{"shoeSize":44,"city":"Leeds"})");
    EXPECT_THAT(result.ignoredFields, ElementsAre("contact.shoeSize", "favouriteColour"));
    EXPECT_FALSE(result.stored->has("favouriteColour"));
    EXPECT_EQ(result.stored->getObject("contact")->getValue<std::string>("city"), "Leeds");
}

TEST_F(CampaignLeadTest, BlankOptionalTextIsLeftOut) {
    auto result = lead(R"("domain":"  ","title":"","linkedInUrl":" ",
        "contact":{"timezone":"","photoUrl":""},"company":{"signals":{"recentFunding":{"date":""}}})");
    EXPECT_THAT(keysOf(result.stored),
                ElementsAre("companyName", "contactName", "email", "contact", "company", "domain"));
    EXPECT_EQ(result.domain, "acme.io");
    EXPECT_EQ(result.title, std::nullopt);
    EXPECT_EQ(stringify(result.stored->getObject("contact")), "{}");
}

TEST_F(CampaignLeadTest, UnknownKeysAreDroppedAtEveryLevel) {
    auto result = lead(R"("favouriteColour":"teal","company":{"ceo":"Bob","industry":"Robotics",
        "signals":{"mood":"good","newsSignals":{"recentNews":[],"source":"rss"}}},
        "contact":{"nickname":"Annie","city":"Berlin"})");
    EXPECT_FALSE(result.stored->has("favouriteColour"));
    EXPECT_EQ(stringify(result.stored->getObject("company")),
              R"({"industry":"Robotics","signals":{"newsSignals":{"recentNews":[]}}})");
    EXPECT_EQ(stringify(result.stored->getObject("contact")), R"({"city":"Berlin"})");
}

TEST_F(CampaignLeadTest, FreeformObjectsAreStoredAsGiven) {
    auto result = lead(R"("customData":{"anything":[1,{"deep":true}],"n":null})");
    EXPECT_EQ(stringify(result.stored->getObject("customData")),
              R"({"anything":[1,{"deep":true}],"n":null})");
}

TEST_F(CampaignLeadTest, TheDomainIsDerivedFromACompanyEmailAndStoredLast) {
    auto result = read(R"({"email":"Ann@Sub.ACME.io","domain":null,"companyName":"Acme",
        "contactName":"Ann"})");
    EXPECT_EQ(result.domain, "sub.acme.io");
    EXPECT_THAT(keysOf(result.stored),
                ElementsAre("email", "companyName", "contactName", "domain"));
    EXPECT_EQ(result.stored->getValue<std::string>("domain"), "sub.acme.io");
}

TEST_F(CampaignLeadTest, NoDomainIsDerivedFromFreeMail) {
    for (const char* email : {"ann@gmail.com", "Ann@GMAIL.com", "ann@yahoo.co.uk"}) {
        auto result = read(std::string(R"({"companyName":"Acme","contactName":"Ann","email":")") +
                           email + "\"}");
        EXPECT_EQ(result.domain, std::nullopt) << email;
        EXPECT_FALSE(result.stored->has("domain")) << email;
    }
}

TEST_F(CampaignLeadTest, AGivenDomainIsLowercasedAndWinsOverTheEmail) {
    auto result = read(R"({"companyName":"Acme","contactName":"Ann","email":"ann@gmail.com",
        "domain":"Acme-Robotics.IO"})");
    EXPECT_EQ(result.domain, "acme-robotics.io");
    EXPECT_EQ(result.stored->getValue<std::string>("domain"), "acme-robotics.io");
}

// A domain is a host name by the one host-name rule (domain/HostNames.hpp), checked as sent.
TEST_F(CampaignLeadTest, AGivenDomainThatIsNotAHostNameIsInvalidWithTheReason) {
    for (const auto& [domain, why] : std::vector<std::pair<std::string, std::string>>{
             {"127.0.0.1", "it is an IP address, not a host name"},
             {"[::1]", "it is an IP address, not a host name"},
             {"::1", "it is an IP address, not a host name"},
             {"acme.io:8080", "it has a port; give the host name alone, such as example.com"},
             {"acme.io\n", "it contains whitespace or a control character"},
             {" acme.io ", "it contains whitespace or a control character"},
             {"https://acme.io",
              "it has a scheme or a path; give the host name alone, such as "
              "example.com"},
         }) {
        auto body = parse("{" + kRequired + "}");
        body->set("domain", domain);  // set, not written into JSON: "\n" stays a line break
        try {
            readCampaignLead(*body, kYear);
            ADD_FAILURE() << "accepted the domain " << domain;
        } catch (const CampaignLeadError& e) {
            EXPECT_THAT(e.invalidFields(), ElementsAre("domain"));
            EXPECT_THAT(
                e.reasons(),
                ElementsAre(Pair("domain", "must be a host name such as example.com: " + why)));
        }
    }
}

// An address is checked as sent: whitespace around it is refused, not trimmed away.
TEST_F(CampaignLeadTest, AnEmailWithWhitespaceOrControlCharactersIsInvalid) {
    for (const std::string email : {"ann@acme.io\n", " ann@acme.io", "ann@acme.io ", "ann @acme.io",
                                    "ann@acme.io\r\nBcc: x@evil.example", "ann@acme.io\t"}) {
        auto body = parse(R"({"companyName":"Acme","contactName":"Ann"})");
        body->set("email", email);
        try {
            readCampaignLead(*body, kYear);
            ADD_FAILURE() << "accepted the email " << email;
        } catch (const CampaignLeadError& e) {
            EXPECT_THAT(e.invalidFields(), ElementsAre("email"));
            EXPECT_THAT(e.reasons(), ElementsAre(Pair("email",
                                                      "must be a valid email address: it contains "
                                                      "whitespace or a control character")));
        }
    }
}

TEST_F(CampaignLeadTest, RequiredTextIsTrimmedAndTheEmailKeyLowercased) {
    auto result = read(R"({"companyName":"  Acme  Corp ","contactName":"\tAnn Lee\n",
        "email":"Ann.Lee@ACME.io","title":"  CTO  "})");
    EXPECT_EQ(result.companyName, "Acme  Corp");
    EXPECT_EQ(result.contactName, "Ann Lee");
    EXPECT_EQ(result.email, "Ann.Lee@ACME.io");
    EXPECT_EQ(result.emailKey, "ann.lee@acme.io");
    EXPECT_EQ(result.stored->getValue<std::string>("companyName"), "Acme  Corp");
    EXPECT_EQ(result.stored->getValue<std::string>("email"), "Ann.Lee@ACME.io");
    EXPECT_EQ(result.title, "  CTO  ");  // optional text is kept as given
    EXPECT_EQ(result.stored->getValue<std::string>("title"), "  CTO  ");
}

TEST_F(CampaignLeadTest, LimitsAreInclusive) {
    std::string items;
    for (int i = 0; i < 200; ++i) items += (i ? ",\"t\"" : "\"t\"");
    auto result = lead(R"("title":")" + std::string(500, 'x') + R"(","notes":")" +
                       std::string(10000, 'x') + R"(","company":{"technologies":[)" + items +
                       R"(],"foundedYear":2026,"employeeCount":0})");
    EXPECT_EQ(result.title->size(), 500u);
    EXPECT_EQ(result.stored->getObject("company")->getArray("technologies")->size(), 200u);
}

TEST_F(CampaignLeadTest, NumbersMayBeOfAnyNumericTypeButNeverNaN) {
    auto company = parse(R"({"employeeCount":5000000000,"revenue":1.5e9})");
    company->set("foundedYear", 2001.0);
    auto body = parse("{" + kRequired + "}");
    body->set("company", company);
    EXPECT_NO_THROW(readCampaignLead(*body, kYear));

    company->set("revenue", std::numeric_limits<double>::quiet_NaN());
    try {
        readCampaignLead(*body, kYear);
        FAIL() << "NaN accepted";
    } catch (const CampaignLeadError& e) {
        EXPECT_THAT(e.invalidFields(), ElementsAre("company.revenue"));
    }
}

TEST_F(CampaignLeadTest, TheFoundedYearMayBeNextYearByTheClock) {
    const lodestone::test::ManualClock clock(1'924'992'000'000);  // 2031-01-01T00:00:00Z
    auto body = parse("{" + kRequired + R"(,"company":{"foundedYear":2032}})");
    EXPECT_NO_THROW(readCampaignLead(*body, clock));
    body->getObject("company")->set("foundedYear", 2033);
    EXPECT_THROW(readCampaignLead(*body, clock), CampaignLeadError);
}

TEST_F(CampaignLeadTest, AKnownTimeZoneIsAccepted) {
    auto result = lead(R"("contact":{"timezone":"Europe/Berlin"})");
    EXPECT_EQ(result.stored->getObject("contact")->getValue<std::string>("timezone"),
              "Europe/Berlin");
}

}  // namespace
