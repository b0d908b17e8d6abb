// One failing body per field rule: the exact path reported and the reason given.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "outreach/addlead/CampaignLead.hpp"

using namespace lodestone::outreach;
using Poco::JSON::Object;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

constexpr int kYear = 2025;

struct Case {
    const char* name;
    std::string extra;  // appended to a valid body's members
    const char* path;
    const char* reason;
};

std::ostream& operator<<(std::ostream& out, const Case& c) {
    return out << c.name;
}

std::string text(std::size_t chars) {
    return "\"" + std::string(chars, 'x') + "\"";
}

std::string stringArray(std::size_t items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items; ++i) out += (i ? ",\"a\"" : "\"a\"");
    return out + "]";
}

class InvalidField : public ::testing::TestWithParam<Case> {};

TEST_P(InvalidField, IsReportedByPathWithItsReason) {
    const Case& c = GetParam();
    std::string json =
        R"({"companyName":"Acme","contactName":"Ann Lee","email":"ann@acme.io",)" + c.extra + "}";
    auto body = Poco::JSON::Parser().parse(json).extract<Object::Ptr>();
    try {
        readCampaignLead(*body, kYear);
        FAIL() << "accepted: " << json;
    } catch (const CampaignLeadError& e) {
        EXPECT_THAT(e.missingFields(), IsEmpty());
        EXPECT_THAT(e.invalidFields(), ElementsAre(c.path));
        ASSERT_EQ(e.reasons().count(c.path), 1u);
        EXPECT_THAT(e.reasons().at(c.path), HasSubstr(c.reason));
        EXPECT_THAT(std::string(e.what()), HasSubstr(std::string(c.path) + " ("));
    }
}

const char* const kUrl = "must be an absolute http(s) URL";

INSTANTIATE_TEST_SUITE_P(
    TopLevel, InvalidField,
    ::testing::Values(
        Case{"CompanyNameNotString", R"("companyName":42)", "companyName", "must be a string"},
        Case{"CompanyNameTooLong", R"("companyName":)" + text(501), "companyName",
             "at most 500 characters"},
        Case{"ContactNameNotString", R"("contactName":["Ann"])", "contactName", "must be a string"},
        Case{"EmailNotString", R"("email":true)", "email", "must be a string"},
        Case{"EmailMalformed", R"("email":"ann@acme")", "email", "valid email address"},
        Case{"DomainNotHost", R"("domain":"https://acme.io")", "domain", "host name"},
        Case{"DomainWithoutDot", R"("domain":"localhost")", "domain", "host name"},
        Case{"DomainNotString", R"("domain":7)", "domain", "must be a string"},
        Case{"TitleNotString", R"("title":{})", "title", "must be a string"},
        Case{"TitleTooLong", R"("title":)" + text(501), "title", "at most 500"},
        Case{"PhoneNotString", R"("phone":4930123456)", "phone", "must be a string"},
        Case{"LinkedInUrlRelative", R"("linkedInUrl":"/in/ann")", "linkedInUrl", kUrl},
        Case{"LinkedInUrlScheme", R"("linkedInUrl":"ftp://x.io/ann")", "linkedInUrl", kUrl},
        Case{"CompanyLinkedInUrlNoHost", R"("companyLinkedInUrl":"https://")", "companyLinkedInUrl",
             kUrl},
        Case{"NotesNotString", R"("notes":1)", "notes", "must be a string"},
        Case{"NotesTooLong", R"("notes":)" + text(10001), "notes", "at most 10000"},
        Case{"CompanyNotObject", R"("company":"Acme")", "company", "must be an object"},
        Case{"ContactNotObject", R"("contact":[])", "contact", "must be an object"},
        Case{"ResearchDataNotObject", R"("researchData":"x")", "researchData", "must be an object"},
        Case{"ExtraContextNotObject", R"("extraContext":[1])", "extraContext", "must be an object"},
        Case{"CustomDataNotObject", R"("customData":3)", "customData", "must be an object"},
        Case{"CustomDataTooLarge", R"("customData":{"blob":)" + text(70000) + "}", "customData",
             "at most 65536 bytes"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Company, InvalidField,
    ::testing::Values(Case{"DescriptionTooLong", R"("company":{"description":)" + text(10001) + "}",
                           "company.description", "at most 10000"},
                      Case{"WebsiteWithSpace", R"("company":{"website":"https://acme .io"})",
                           "company.website", kUrl},
                      Case{"WebsiteMailto", R"("company":{"website":"mailto:a@acme.io"})",
                           "company.website", kUrl},
                      Case{"LinkedinUrlNotString", R"("company":{"linkedinUrl":1})",
                           "company.linkedinUrl", "must be a string"},
                      Case{"IndustryNotString", R"("company":{"industry":["SaaS"]})",
                           "company.industry", "must be a string"},
                      Case{"CompanyTypeTooLong", R"("company":{"companyType":)" + text(501) + "}",
                           "company.companyType", "at most 500"},
                      Case{"EmployeeCountFraction", R"("company":{"employeeCount":12.5})",
                           "company.employeeCount", "whole number >= 0"},
                      Case{"EmployeeCountNegative", R"("company":{"employeeCount":-1})",
                           "company.employeeCount", "whole number >= 0"},
                      Case{"EmployeeCountString", R"("company":{"employeeCount":"50"})",
                           "company.employeeCount", "whole number"},
                      Case{"RevenueBoolean", R"("company":{"revenue":true})", "company.revenue",
                           "must be a number >= 0"},
                      Case{"RevenueNegative", R"("company":{"revenue":-0.5})", "company.revenue",
                           "must be a number >= 0"},
                      Case{"FoundedYearTooEarly", R"("company":{"foundedYear":1599})",
                           "company.foundedYear", "whole number from 1600 to 2026"},
                      Case{"FoundedYearTooLate", R"("company":{"foundedYear":2027})",
                           "company.foundedYear", "from 1600 to 2026"},
                      Case{"FoundedYearFraction", R"("company":{"foundedYear":1999.5})",
                           "company.foundedYear", "whole number"},
                      Case{"TechnologiesNotArray", R"("company":{"technologies":"React"})",
                           "company.technologies", "array of strings"},
                      Case{"TechnologiesItemNotString", R"("company":{"technologies":["a","b",3]})",
                           "company.technologies[2]", "must be a string"},
                      Case{"TechCategoriesTooMany",
                           R"("company":{"techCategories":)" + stringArray(201) + "}",
                           "company.techCategories", "at most 200 items"},
                      Case{"TechCategoriesItemTooLong",
                           R"("company":{"techCategories":[)" + text(501) + "]}",
                           "company.techCategories[0]", "at most 500"},
                      Case{"SignalsNotObject", R"("company":{"signals":[]})", "company.signals",
                           "must be an object"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Signals, InvalidField,
    ::testing::Values(
        Case{"RecentFundingNotObject", R"("company":{"signals":{"recentFunding":5}})",
             "company.signals.recentFunding", "must be an object"},
        Case{"FundingAmountNegative", R"("company":{"signals":{"recentFunding":{"amount":-5}}})",
             "company.signals.recentFunding.amount", "number >= 0"},
        Case{"FundingDateFullDate",
             R"("company":{"signals":{"recentFunding":{"date":"2024-03-01"}}})",
             "company.signals.recentFunding.date", "YYYY-MM"},
        Case{"FundingDateMonth13", R"("company":{"signals":{"recentFunding":{"date":"2024-13"}}})",
             "company.signals.recentFunding.date", "YYYY-MM"},
        Case{"FundingRoundNotString", R"("company":{"signals":{"recentFunding":{"round":2}}})",
             "company.signals.recentFunding.round", "must be a string"},
        Case{"HiringSignalsNotObject", R"("company":{"signals":{"hiringSignals":true}})",
             "company.signals.hiringSignals", "must be an object"},
        Case{"IsHiringString", R"("company":{"signals":{"hiringSignals":{"isHiring":"yes"}}})",
             "company.signals.hiringSignals.isHiring", "true or false"},
        Case{"IsHiringNumber", R"("company":{"signals":{"hiringSignals":{"isHiring":1}}})",
             "company.signals.hiringSignals.isHiring", "true or false"},
        Case{"OpenRolesFraction", R"("company":{"signals":{"hiringSignals":{"openRoles":2.5}}})",
             "company.signals.hiringSignals.openRoles", "whole number >= 0"},
        Case{"DepartmentsItemNotString",
             R"("company":{"signals":{"hiringSignals":{"departments":["Sales",null]}}})",
             "company.signals.hiringSignals.departments[1]", "must be a string"},
        Case{"NewsSignalsNotObject", R"("company":{"signals":{"newsSignals":"x"}})",
             "company.signals.newsSignals", "must be an object"},
        Case{"RecentNewsNotArray",
             R"("company":{"signals":{"newsSignals":{"recentNews":"Raised A"}}})",
             "company.signals.newsSignals.recentNews", "array of strings"},
        Case{"LeadershipChangesNotObject", R"("company":{"signals":{"leadershipChanges":[true]}})",
             "company.signals.leadershipChanges", "must be an object"},
        Case{"NewCeoString", R"("company":{"signals":{"leadershipChanges":{"newCeo":"true"}}})",
             "company.signals.leadershipChanges.newCeo", "true or false"},
        Case{"NewCroNumber", R"("company":{"signals":{"leadershipChanges":{"newCro":0}}})",
             "company.signals.leadershipChanges.newCro", "true or false"},
        Case{"GrowthIndicatorsNotObject", R"("company":{"signals":{"growthIndicators":0.2}})",
             "company.signals.growthIndicators", "must be an object"},
        Case{"EmployeeGrowthBelowMinusOne",
             R"("company":{"signals":{"growthIndicators":{"employeeGrowth":-1.5}}})",
             "company.signals.growthIndicators.employeeGrowth", "number >= -1"},
        Case{"RevenueGrowthString",
             R"("company":{"signals":{"growthIndicators":{"revenueGrowth":"20%"}}})",
             "company.signals.growthIndicators.revenueGrowth", "number >= -1"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Contact, InvalidField,
    ::testing::Values(
        Case{"BioTooLong", R"("contact":{"bio":)" + text(10001) + "}", "contact.bio",
             "at most 10000"},
        Case{"PhotoUrlRelative", R"("contact":{"photoUrl":"ann.png"})", "contact.photoUrl", kUrl},
        Case{"SeniorityNotString", R"("contact":{"seniority":3})", "contact.seniority",
             "must be a string"},
        Case{"CityNotString", R"("contact":{"city":{}})", "contact.city", "must be a string"},
        Case{"TimezoneUnknown", R"("contact":{"timezone":"Mars/Olympus"})", "contact.timezone",
             "IANA time zone"},
        Case{"TimezoneTraversal", R"("contact":{"timezone":"../../etc/passwd"})",
             "contact.timezone", "IANA time zone"},
        Case{"TimezoneNotString", R"("contact":{"timezone":1})", "contact.timezone",
             "must be a string"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
