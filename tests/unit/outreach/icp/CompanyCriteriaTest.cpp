#include <gtest/gtest.h>

#include <string>

#include "outreach/icp/IcpScorer.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::outreach;

namespace {

// The built-in words: what the daemon scores with when no file is configured.
const lodestone::vocabulary::Vocabulary& builtInWords() {
    return *lodestone::vocabulary::builtInVocabulary();
}

// 2024-07-15T00:00:00Z; company criteria do not look at the clock.
constexpr lodestone::domain::Timestamp kNow = 1721001600000;

struct Case {
    std::string name;
    std::string criteria;  // the value of "criteria", one criterion
    ProspectProfile profile;
    CriterionOutcome outcome;
    double credit;
    std::string reason;
};

void PrintTo(const Case& c, std::ostream* out) {
    *out << c.name;
}

class CompanyCriteria : public ::testing::TestWithParam<Case> {};

TEST_P(CompanyCriteria, JudgeTheProspect) {
    const auto& c = GetParam();
    auto criteria = IcpCriteria::parse(R"({"criteria": )" + c.criteria + "}");
    auto score = scoreProspect(criteria, c.profile, kNow, builtInWords());
    ASSERT_EQ(score.breakdown.size(), 1u);
    const auto& result = score.breakdown[0];
    EXPECT_EQ(toString(result.outcome), toString(c.outcome));
    EXPECT_NEAR(result.credit, c.credit, 1e-9);
    EXPECT_EQ(result.reason, c.reason);
}

using O = CriterionOutcome;

const std::string kIndustries =
    R"({"industries": {"include": ["Software", "Financial Services/Payments"],
                       "exclude": ["Gambling", "Media/Adult"]}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Industry, CompanyCriteria, ::testing::Values(
    Case{"industry", kIndustries, {.industry = "Software"}, O::Match, 1,
        "industry Software matches Software"},
    Case{"anySubIndustry", kIndustries, {.industry = "SOFTWARE", .subIndustry = "DevTools"},
        O::Match, 1, "industry SOFTWARE (DevTools) matches Software"},
    Case{"subIndustry", kIndustries, {.industry = "financial services", .subIndustry = "PAYMENTS"},
        O::Match, 1, "industry financial services (PAYMENTS) matches Financial Services/Payments"},
    Case{"otherSubIndustry", kIndustries,
        {.industry = "Financial Services", .subIndustry = "Lending"}, O::Miss, 0,
        "industry Financial Services (Lending) is not among Software, Financial "
        "Services/Payments"},
    Case{"subIndustryUnknown", kIndustries, {.industry = "Financial Services"}, O::Partial, 0.5,
        "industry Financial Services may match Financial Services/Payments: its "
        "sub-industry is unknown"},
    Case{"otherIndustry", kIndustries, {.industry = "Healthcare"}, O::Miss, 0,
        "industry Healthcare is not among Software, Financial Services/Payments"},
    Case{"unknown", kIndustries, {}, O::Unknown, 0.5,
        "no industry known; wanted Software, Financial Services/Payments"},
    Case{"excluded", kIndustries, {.industry = "Gambling"}, O::Excluded, 0,
        "industry Gambling is excluded by Gambling"},
    Case{"excludedAsSubIndustry", kIndustries,
        {.industry = "Entertainment", .subIndustry = "gambling"}, O::Excluded, 0,
        "industry Entertainment (gambling) is excluded by Gambling"},
    Case{"excludedSubIndustry", kIndustries, {.industry = "Media", .subIndustry = "Adult"},
        O::Excluded, 0, "industry Media (Adult) is excluded by Media/Adult"},
    Case{"otherSubIndustryOfAnExcludedOne", kIndustries,
        {.industry = "Media", .subIndustry = "News"}, O::Miss, 0,
        "industry Media (News) is not among Software, Financial Services/Payments"},
    Case{"excludedSubIndustryUnknown", kIndustries, {.industry = "Media"}, O::Miss, 0,
        "industry Media is not among Software, Financial Services/Payments"},
    Case{"ampersandIsAnd", R"({"industries": {"include": ["Retail & E-commerce"]}})",
        {.industry = "retail  and e-commerce"}, O::Match, 1,
        "industry retail  and e-commerce matches Retail & E-commerce"},
    Case{"excludeOnly", R"({"industries": {"exclude": ["Gambling"]}})", {.industry = "Software"},
        O::Match, 1, "industry Software is not among the excluded Gambling"},
    Case{"excludeOnlyUnknown", R"({"industries": {"exclude": ["Gambling"]}})", {}, O::Unknown, 0.5,
        "no industry known; wanted none of Gambling"}));
// clang-format on

const std::string kEmployees = R"({"employees": {"min": 50, "max": 1000}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Employees, CompanyCriteria, ::testing::Values(
    Case{"count", kEmployees, {.employeeCount = 120}, O::Match, 1,
        "employee count 120 is within 50-1000"},
    Case{"countOnTheBound", kEmployees, {.employeeCount = 50}, O::Match, 1,
        "employee count 50 is within 50-1000"},
    Case{"countAbove", kEmployees, {.employeeCount = 1001}, O::Miss, 0,
        "employee count 1001 is outside 50-1000"},
    Case{"countBeatsRange", kEmployees, {.employeeCount = 20, .employeeRange = "51-200"}, O::Miss,
        0, "employee count 20 is outside 50-1000"},
    Case{"rangeInside", kEmployees, {.employeeRange = "51-200"}, O::Match, 1,
        "employee range 51-200 is within 50-1000"},
    Case{"rangeOverlaps", kEmployees, {.employeeRange = "501-2000"}, O::Partial, 500.0 / 1500,
        "employee range 501-2000 overlaps 50-1000 (33% of the range inside)"},
    Case{"openRangeOverlaps", kEmployees, {.employeeRange = "1000+"}, O::Partial, 0.5,
        "employee range 1000+ overlaps 50-1000"},
    Case{"rangeOutside", kEmployees, {.employeeRange = "1,001-5,000 employees"}, O::Miss, 0,
        "employee range 1,001-5,000 employees is outside 50-1000"},
    Case{"rangeUnreadable", kEmployees, {.employeeRange = "lots"}, O::Unknown, 0.5,
        "employee range \"lots\" could not be read as a range"},
    Case{"unknown", kEmployees, {}, O::Unknown, 0.5, "no employee count or employee range known"},
    Case{"minOnly", R"({"employees": {"min": 50}})", {.employeeCount = 10000}, O::Match, 1,
        "employee count 10000 is within 50+"},
    Case{"openRangeWithMinOnly", R"({"employees": {"min": 50}})", {.employeeRange = "10,001+"},
        O::Match, 1, "employee range 10,001+ is within 50+"},
    Case{"maxOnly", R"({"employees": {"max": 200}})", {.employeeRange = "1000+"}, O::Miss, 0,
        "employee range 1000+ is outside 0-200"}));
// clang-format on

const std::string kRevenue = R"({"revenue": {"min": 1000000, "max": 50000000}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Revenue, CompanyCriteria, ::testing::Values(
    Case{"amount", kRevenue, {.revenue = 5e6}, O::Match, 1, "revenue $5M is within $1M-$50M"},
    Case{"amountBelow", kRevenue, {.revenue = 500000}, O::Miss, 0,
        "revenue $500K is outside $1M-$50M"},
    Case{"rangeInside", kRevenue, {.revenueRange = "$1M-$10M"}, O::Match, 1,
        "revenue range $1M-$10M is within $1M-$50M"},
    Case{"rangeOverlaps", kRevenue, {.revenueRange = "10-100M"}, O::Partial,
        (40e6 + 1) / (90e6 + 1),
        "revenue range 10-100M overlaps $1M-$50M (44% of the range inside)"},
    Case{"rangeOutside", kRevenue, {.revenueRange = "1B+"}, O::Miss, 0,
        "revenue range 1B+ is outside $1M-$50M"},
    Case{"unknown", kRevenue, {}, O::Unknown, 0.5, "no revenue or revenue range known"}));
// clang-format on

const std::string kLocations =
    R"({"locations": {"countries": ["US", "United Kingdom"], "regions": ["Europe"]}})";
const std::string kWanted = "US, United Kingdom, Europe";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Location, CompanyCriteria, ::testing::Values(
    Case{"countryAlias", kLocations, {.companyCountry = "U.S.A."}, O::Match, 1,
        "company country U.S.A. is within " + kWanted},
    Case{"countryName", kLocations, {.companyCountry = "united states"}, O::Match, 1,
        "company country united states is within " + kWanted},
    Case{"countryCode", kLocations, {.companyCountry = "gb"}, O::Match, 1,
        "company country gb is within " + kWanted},
    Case{"countryInRegion", kLocations, {.companyCountry = "Germany"}, O::Match, 1,
        "company country Germany is within " + kWanted},
    Case{"countryOutside", kLocations, {.companyCountry = "Brazil"}, O::Miss, 0,
        "company country Brazil is outside " + kWanted},
    Case{"anyFactMatches", kLocations, {.companyCountry = "Brazil", .contactCountry = "UK"},
        O::Match, 1, "contact country UK is within " + kWanted},
    Case{"allFactsOutside", kLocations, {.companyCountry = "Brazil", .contactCountry = "Canada"},
        O::Miss, 0, "company country Brazil, contact country Canada are outside " + kWanted},
    Case{"region", kLocations, {.companyRegion = "europe"}, O::Match, 1,
        "company region europe is within " + kWanted},
    Case{"regionPartly", kLocations, {.companyRegion = "EMEA"}, O::Partial, 0.5,
        "company region EMEA is partly within " + kWanted},
    Case{"regionOutside", kLocations, {.companyRegion = "APAC"}, O::Miss, 0,
        "company region APAC is outside " + kWanted},
    Case{"headquarters", kLocations, {.headquarters = "Austin, TX, USA"}, O::Match, 1,
        "headquarters Austin, TX, USA is within " + kWanted},
    Case{"headquartersNamedCountry", kLocations, {.headquarters = "Belfast, Northern Ireland"},
        O::Match, 1, "headquarters Belfast, Northern Ireland is within " + kWanted},
    Case{"headquartersWithoutCountry", kLocations, {.headquarters = "San Francisco, CA"},
        O::Unknown, 0.5,
        "headquarters San Francisco, CA names no known country; wanted " + kWanted},
    Case{"headquartersNotCountriesInside", R"({"locations": {"countries": ["Mexico"]}})",
        {.headquarters = "Santa Fe, New Mexico"}, O::Unknown, 0.5,
        "headquarters Santa Fe, New Mexico names no known country; wanted Mexico"},
    Case{"regionListedAsCountry", R"({"locations": {"countries": ["DACH"]}})",
        {.companyCountry = "Austria"}, O::Match, 1, "company country Austria is within DACH"},
    Case{"countryNotInTheTable", R"({"locations": {"countries": ["Estonia"]}})",
        {.companyCountry = "ESTONIA"}, O::Match, 1, "company country ESTONIA is within Estonia"},
    Case{"unknown", kLocations, {}, O::Unknown, 0.5,
        "no company or contact location known; wanted " + kWanted}));
// clang-format on

const std::string kStages = R"({"funding_stages": {"include": ["Seed", "Series A", "Series B"]}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(FundingStage, CompanyCriteria, ::testing::Values(
    Case{"stage", kStages, {.fundingStage = "series_a"}, O::Match, 1,
        "funding stage series_a is one of Seed, Series A, Series B"},
    Case{"stageSpelledWithDash", kStages, {.fundingStage = "Series-B"}, O::Match, 1,
        "funding stage Series-B is one of Seed, Series A, Series B"},
    Case{"otherStage", kStages, {.fundingStage = "Series C"}, O::Miss, 0,
        "funding stage Series C is not one of Seed, Series A, Series B"},
    Case{"roundWhenNoStage", kStages, {.fundingRound = "seed"}, O::Match, 1,
        "latest funding round seed is one of Seed, Series A, Series B"},
    Case{"stageBeatsRound", kStages, {.fundingStage = "Series C", .fundingRound = "Seed"}, O::Miss,
        0, "funding stage Series C is not one of Seed, Series A, Series B"},
    Case{"unknown", kStages, {}, O::Unknown, 0.5,
        "no funding stage known; wanted one of Seed, Series A, Series B"}));
// clang-format on

const std::string kTechnologies =
    R"({"technologies": {"any": ["Salesforce", "HubSpot", "Marketo"], "min_matches": 2}})";
const std::string kTechList = "Salesforce, HubSpot, Marketo";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Technologies, CompanyCriteria, ::testing::Values(
    Case{"enough", kTechnologies,
        {.technologies = std::vector<std::string>{"hubspot", "Slack", "Salesforce"}}, O::Match, 1,
        "technologies include Salesforce, HubSpot: 2 of the 2 wanted from " + kTechList},
    Case{"fewer", kTechnologies,
        {.technologies = std::vector<std::string>{"Salesforce Sales Cloud"}}, O::Partial, 0.5,
        "technologies include Salesforce: 1 of the 2 wanted from " + kTechList},
    Case{"none", kTechnologies, {.technologies = std::vector<std::string>{"Slack", "Jira"}},
        O::Miss, 0, "technologies Slack, Jira include none of " + kTechList},
    Case{"knownEmpty", kTechnologies, {.technologies = std::vector<std::string>{}}, O::Miss, 0,
        "technology list is empty; wanted 2 of " + kTechList},
    Case{"unknown", kTechnologies, {}, O::Unknown, 0.5,
        "no technologies known; wanted 2 of " + kTechList}));
// clang-format on

}  // namespace
