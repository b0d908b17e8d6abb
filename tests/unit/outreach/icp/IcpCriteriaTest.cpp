#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "outreach/icp/IcpCriteria.hpp"

using lodestone::outreach::IcpCriteria;
using lodestone::outreach::IcpError;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

// The brief's example document, as the YAML-to-JSON conversion hands it over.
const std::string kFullDocument = R"({
  "threshold": 60,
  "unknown_credit": 0.25,
  "criteria": {
    "industries": {"include": ["Software", "Financial Services/Payments"],
                   "exclude": ["Gambling"], "weight": 3},
    "employees": {"min": 50, "max": 1000, "weight": 2},
    "revenue": {"min": 1000000, "max": 50000000},
    "locations": {"countries": ["US", "United Kingdom"], "regions": ["Europe"]},
    "funding_stages": {"include": ["Seed", "Series A", "Series B"]},
    "technologies": {"any": ["Salesforce", "HubSpot"], "min_matches": 2, "weight": 0.5},
    "title_keywords": {"any": ["VP", "Head", "Director", "Chief"]},
    "seniority": {"include": ["vp", "director", "c_level"]},
    "departments": {"include": ["sales", "marketing"], "weight": 0},
    "signals": {
      "recent_funding": {"within_months": 18},
      "hiring": {"departments": ["sales"], "min_open_roles": 3},
      "leadership_change": {"new_ceo": true, "new_cro": false},
      "employee_growth": {"above": 0.2},
      "revenue_growth": {"above": 0.3, "weight": 4}
    }
  }
})";

std::string errorOf(const std::string& json) {
    try {
        IcpCriteria::parse(json);
    } catch (const IcpError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(IcpCriteria, ParsesTheFullDocument) {
    auto criteria = IcpCriteria::parse(kFullDocument);
    EXPECT_FALSE(criteria.empty());
    EXPECT_EQ(criteria.threshold(), 60);
    EXPECT_DOUBLE_EQ(criteria.unknownCredit(), 0.25);
    const auto& c = criteria.criteria();

    ASSERT_TRUE(c.industries);
    ASSERT_EQ(c.industries->include.size(), 2u);
    EXPECT_EQ(c.industries->include[0].industry, "Software");
    EXPECT_FALSE(c.industries->include[0].subIndustry);
    EXPECT_EQ(c.industries->include[1].industry, "Financial Services");
    EXPECT_EQ(c.industries->include[1].subIndustry, "Payments");
    EXPECT_EQ(c.industries->include[1].text, "Financial Services/Payments");
    ASSERT_EQ(c.industries->exclude.size(), 1u);
    EXPECT_EQ(c.industries->exclude[0].industry, "Gambling");
    EXPECT_DOUBLE_EQ(c.industries->weight, 3);

    ASSERT_TRUE(c.employees);
    EXPECT_EQ(c.employees->min, 50);
    EXPECT_EQ(c.employees->max, 1000);
    EXPECT_DOUBLE_EQ(c.employees->weight, 2);
    ASSERT_TRUE(c.revenue);
    EXPECT_EQ(c.revenue->min, 1000000);
    EXPECT_EQ(c.revenue->max, 50000000);
    EXPECT_DOUBLE_EQ(c.revenue->weight, 1);

    ASSERT_TRUE(c.locations);
    EXPECT_THAT(c.locations->countries, ElementsAre("US", "United Kingdom"));
    EXPECT_THAT(c.locations->regions, ElementsAre("Europe"));
    ASSERT_TRUE(c.fundingStages);
    EXPECT_THAT(c.fundingStages->names, ElementsAre("Seed", "Series A", "Series B"));
    ASSERT_TRUE(c.technologies);
    EXPECT_THAT(c.technologies->any, ElementsAre("Salesforce", "HubSpot"));
    EXPECT_EQ(c.technologies->minMatches, 2);
    EXPECT_DOUBLE_EQ(c.technologies->weight, 0.5);
    ASSERT_TRUE(c.titleKeywords);
    EXPECT_THAT(c.titleKeywords->names, ElementsAre("VP", "Head", "Director", "Chief"));
    ASSERT_TRUE(c.seniority);
    EXPECT_THAT(c.seniority->names, ElementsAre("vp", "director", "c_level"));
    ASSERT_TRUE(c.departments);
    EXPECT_DOUBLE_EQ(c.departments->weight, 0);

    ASSERT_TRUE(c.recentFunding);
    EXPECT_EQ(c.recentFunding->withinMonths, 18);
    ASSERT_TRUE(c.hiring);
    EXPECT_THAT(c.hiring->departments, ElementsAre("sales"));
    EXPECT_EQ(c.hiring->minOpenRoles, 3);
    ASSERT_TRUE(c.leadershipChange);
    EXPECT_TRUE(c.leadershipChange->newCeo);
    EXPECT_FALSE(c.leadershipChange->newCro);
    ASSERT_TRUE(c.employeeGrowth);
    EXPECT_DOUBLE_EQ(c.employeeGrowth->above, 0.2);
    ASSERT_TRUE(c.revenueGrowth);
    EXPECT_DOUBLE_EQ(c.revenueGrowth->above, 0.3);
    EXPECT_DOUBLE_EQ(c.revenueGrowth->weight, 4);
}

TEST(IcpCriteria, DefaultsApplyWhenLeftOut) {
    auto criteria = IcpCriteria::parse(R"({"criteria": {"signals": {"recent_funding": {},
                                           "hiring": {}}}})");
    EXPECT_EQ(criteria.threshold(), 50);
    EXPECT_DOUBLE_EQ(criteria.unknownCredit(), 0.5);
    EXPECT_EQ(criteria.criteria().recentFunding->withinMonths, 12);
    EXPECT_DOUBLE_EQ(criteria.criteria().recentFunding->weight, 1);
    EXPECT_EQ(criteria.criteria().hiring->minOpenRoles, 1);
    EXPECT_TRUE(criteria.criteria().hiring->departments.empty());
}

TEST(IcpCriteria, NoCriteriaIsEmpty) {
    EXPECT_TRUE(IcpCriteria::none().empty());
    EXPECT_EQ(IcpCriteria::none().threshold(), 50);
    EXPECT_TRUE(IcpCriteria::parse("{}").empty());
    // YAML "criteria:" with nothing under it arrives as null.
    auto nullCriteria = IcpCriteria::parse(R"({"threshold": 70, "criteria": null})");
    EXPECT_TRUE(nullCriteria.empty());
    EXPECT_EQ(nullCriteria.threshold(), 70);
    EXPECT_TRUE(IcpCriteria::parse(R"({"criteria": {}})").empty());
    EXPECT_TRUE(IcpCriteria::parse(R"({"criteria": {"signals": null}})").empty());
}

TEST(IcpCriteria, ListEntriesAreTrimmed) {
    auto criteria = IcpCriteria::parse(
        R"({"criteria": {"industries": {"include": ["  Financial Services / Payments "]}}})");
    const auto& entry = criteria.criteria().industries->include[0];
    EXPECT_EQ(entry.industry, "Financial Services");
    EXPECT_EQ(entry.subIndustry, "Payments");
    EXPECT_EQ(entry.text, "Financial Services / Payments");
}

struct ErrorCase {
    std::string json;
    std::string message;
};

class IcpCriteriaErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(IcpCriteriaErrors, NameThePathAndTheProblem) {
    EXPECT_EQ(errorOf(GetParam().json), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    IcpCriteria, IcpCriteriaErrors,
    ::testing::Values(
        // Unknown keys, with the valid ones listed.
        ErrorCase{R"({"thresold": 60})",
                  "thresold: unknown key; valid keys here are threshold, unknown_credit, criteria"},
        ErrorCase{R"({"criteria": {"employes": {"min": 5}}})",
                  "criteria.employes: unknown key; valid keys here are industries, employees, "
                  "revenue, locations, funding_stages, technologies, title_keywords, seniority, "
                  "departments, signals"},
        ErrorCase{R"({"criteria": {"signals": {"hiring": {"min_roles": 3}}}})",
                  "criteria.signals.hiring.min_roles: unknown key; valid keys here are "
                  "departments, min_open_roles, weight"},
        ErrorCase{R"({"criteria": {"industries": {"includes": ["Software"]}}})",
                  "criteria.industries.includes: unknown key; valid keys here are include, "
                  "exclude, weight"},
        // Wrong types.
        ErrorCase{R"({"criteria": {"employees": {"min": "many"}}})",
                  "criteria.employees.min: expected a non-negative number, got \"many\""},
        ErrorCase{R"({"criteria": {"employees": {"min": 5, "weight": true}}})",
                  "criteria.employees.weight: expected a non-negative number (at most 1000000), "
                  "got true"},
        ErrorCase{R"({"criteria": {"employees": null}})",
                  "criteria.employees: expected a mapping, got null"},
        ErrorCase{R"({"criteria": [1]})", "criteria: expected a mapping, got a list"},
        ErrorCase{R"({"criteria": {"industries": {"include": "Software"}}})",
                  "criteria.industries.include: expected a list such as [a, b], got \"Software\""},
        ErrorCase{R"({"criteria": {"industries": {"include": ["Software", 3]}}})",
                  "criteria.industries.include[1]: expected a non-empty string, got 3"},
        ErrorCase{R"({"criteria": {"industries": {"include": ["Software", "  "]}}})",
                  "criteria.industries.include[1]: expected a non-empty string, got \"  \""},
        ErrorCase{R"({"criteria": {"signals": {"leadership_change": {"new_ceo": "yes"}}}})",
                  "criteria.signals.leadership_change.new_ceo: expected true or false, got "
                  "\"yes\""},
        ErrorCase{R"([1, 2])", "ICP document: expected a mapping, got a list"},
        // Values out of range.
        ErrorCase{R"({"criteria": {"employees": {"min": 1000, "max": 50}}})",
                  "criteria.employees: min 1000 is greater than max 50"},
        ErrorCase{R"({"criteria": {"revenue": {"min": -5}}})",
                  "criteria.revenue.min: expected a non-negative number, got -5"},
        ErrorCase{R"({"threshold": 150})",
                  "threshold: expected a whole number from 0 to 100, got 150"},
        ErrorCase{R"({"threshold": -1})",
                  "threshold: expected a whole number from 0 to 100, got -1"},
        ErrorCase{R"({"threshold": 60.5})",
                  "threshold: expected a whole number from 0 to 100, got 60.5"},
        ErrorCase{R"({"threshold": "high"})",
                  "threshold: expected a whole number from 0 to 100, got \"high\""},
        ErrorCase{R"({"unknown_credit": 1.5})",
                  "unknown_credit: expected a number from 0 to 1, got 1.5"},
        ErrorCase{R"({"unknown_credit": -0.5})",
                  "unknown_credit: expected a number from 0 to 1, got -0.5"},
        ErrorCase{
            R"({"criteria": {"industries": {"include": ["Software"], "weight": -1}}})",
            "criteria.industries.weight: expected a non-negative number (at most 1000000), got -1"},
        ErrorCase{R"({"criteria": {"signals": {"hiring": {"weight": -0.5}}}})",
                  "criteria.signals.hiring.weight: expected a non-negative number (at most "
                  "1000000), got -0.5"},
        ErrorCase{R"({"criteria": {"technologies": {"any": ["A", "B"], "min_matches": 3}}})",
                  "criteria.technologies.min_matches: expected a whole number from 1 to the 2 "
                  "technologies listed, got 3"},
        ErrorCase{R"({"criteria": {"signals": {"recent_funding": {"within_months": -1}}}})",
                  "criteria.signals.recent_funding.within_months: expected a whole number of "
                  "months from 0 to 1200, got -1"},
        ErrorCase{R"({"criteria": {"signals": {"hiring": {"min_open_roles": 0}}}})",
                  "criteria.signals.hiring.min_open_roles: expected a whole number from 1 to "
                  "1000000, got 0"},
        // Empty lists and criteria that set nothing to compare.
        ErrorCase{R"({"criteria": {"industries": {"include": []}}})",
                  "criteria.industries.include: expected at least one entry, got an empty list"},
        ErrorCase{R"({"criteria": {"industries": {"weight": 2}}})",
                  "criteria.industries: set include or exclude, e.g. include: [Software]"},
        ErrorCase{R"({"criteria": {"industries": {"include": ["/Payments"]}}})",
                  "criteria.industries.include[0]: expected \"Industry\" or "
                  "\"Industry/Sub-industry\", got \"/Payments\""},
        ErrorCase{R"({"criteria": {"industries": {"exclude": ["Media/News/Local"]}}})",
                  "criteria.industries.exclude[0]: expected \"Industry\" or "
                  "\"Industry/Sub-industry\", got \"Media/News/Local\""},
        ErrorCase{R"({"criteria": {"revenue": {"weight": 2}}})",
                  "criteria.revenue: set min, max or both, e.g. min: 1000000"},
        ErrorCase{R"({"criteria": {"locations": {}}})",
                  "criteria.locations: set countries, regions or both, e.g. countries: [US]"},
        ErrorCase{R"({"criteria": {"seniority": {"weight": 1}}})",
                  "criteria.seniority: set include, e.g. include: [vp, director, c_level]"},
        ErrorCase{R"({"criteria": {"title_keywords": {}}})",
                  "criteria.title_keywords: set any, e.g. any: [VP, Head, Director]"},
        ErrorCase{R"({"criteria": {"signals": {"leadership_change": {"new_ceo": false}}}})",
                  "criteria.signals.leadership_change: set new_ceo: true, new_cro: true or both"},
        ErrorCase{R"({"criteria": {"signals": {"employee_growth": {}}}})",
                  "criteria.signals.employee_growth: set above, e.g. above: 0.2 (growth above "
                  "20%)"}));

TEST(IcpCriteria, TextThatIsNotJsonIsAnError) {
    EXPECT_THAT(errorOf("{not json"), HasSubstr("ICP document: not valid JSON: "));
}

}  // namespace
