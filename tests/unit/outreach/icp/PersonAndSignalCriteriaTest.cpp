#include <gtest/gtest.h>

#include <string>

#include "outreach/icp/IcpScorer.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::outreach;
using lodestone::domain::Timestamp;

namespace {

// The built-in words: what the daemon scores with when no file is configured.
const lodestone::vocabulary::Vocabulary& builtInWords() {
    return *lodestone::vocabulary::builtInVocabulary();
}

constexpr Timestamp kNow = 1721001600000;            // 2024-07-15T00:00:00Z
constexpr Timestamp kEndOfJuly = 1722470400000 - 1;  // 2024-07-31T23:59:59.999Z

struct Case {
    std::string name;
    std::string criteria;  // the value of "criteria", one criterion
    ProspectProfile profile;
    CriterionOutcome outcome;
    double credit;
    std::string reason;
    Timestamp now = kNow;
};

void PrintTo(const Case& c, std::ostream* out) {
    *out << c.name;
}

class PersonAndSignalCriteria : public ::testing::TestWithParam<Case> {};

TEST_P(PersonAndSignalCriteria, JudgeTheProspect) {
    const auto& c = GetParam();
    auto criteria = IcpCriteria::parse(R"({"criteria": )" + c.criteria + "}");
    auto score = scoreProspect(criteria, c.profile, c.now, builtInWords());
    ASSERT_EQ(score.breakdown.size(), 1u);
    const auto& result = score.breakdown[0];
    EXPECT_EQ(toString(result.outcome), toString(c.outcome));
    EXPECT_NEAR(result.credit, c.credit, 1e-9);
    EXPECT_EQ(result.reason, c.reason);
}

using O = CriterionOutcome;

const std::string kTitles = R"({"title_keywords": {"any": ["VP", "Head", "Vice President"]}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(TitleKeywords, PersonAndSignalCriteria, ::testing::Values(
    Case{"keyword", kTitles, {.title = "VP of Sales"}, O::Match, 1,
        "title VP of Sales contains VP"},
    Case{"anyCase", kTitles, {.title = "head of marketing"}, O::Match, 1,
        "title head of marketing contains Head"},
    Case{"phrase", kTitles, {.title = "Senior Vice President, Growth"}, O::Match, 1,
        "title Senior Vice President, Growth contains Vice President"},
    Case{"punctuation", kTitles, {.title = "Sales (VP)"}, O::Match, 1,
        "title Sales (VP) contains VP"},
    Case{"wholeWordsOnly", kTitles, {.title = "SVP, Headhunter"}, O::Miss, 0,
        "title SVP, Headhunter contains none of VP, Head, Vice President"},
    Case{"unknown", kTitles, {}, O::Unknown, 0.5,
        "no title known; wanted one of VP, Head, Vice President"}));
// clang-format on

const std::string kSeniority = R"({"seniority": {"include": ["vp", "director", "c_level"]}})";
const std::string kLevels = "vp, director, c_level";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Seniority, PersonAndSignalCriteria, ::testing::Values(
    Case{"sameWord", kSeniority, {.seniority = "VP"}, O::Match, 1,
        "seniority VP is one of " + kLevels},
    Case{"dashed", kSeniority, {.seniority = "C-Level"}, O::Match, 1,
        "seniority C-Level is one of " + kLevels},
    Case{"spaced", kSeniority, {.seniority = "c level"}, O::Match, 1,
        "seniority c level is one of " + kLevels},
    Case{"researchExecutive", kSeniority, {.seniority = "executive"}, O::Match, 1,
        "seniority executive is one of " + kLevels},
    Case{"alias", kSeniority, {.seniority = "Vice President"}, O::Match, 1,
        "seniority Vice President is one of " + kLevels},
    Case{"other", kSeniority, {.seniority = "manager"}, O::Miss, 0,
        "seniority manager is not one of " + kLevels},
    Case{"unknown", kSeniority, {}, O::Unknown, 0.5, "no seniority known; wanted one of " + kLevels}
    ));
// clang-format on

const std::string kDepartments = R"({"departments": {"include": ["sales", "Customer Success"]}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(Department, PersonAndSignalCriteria, ::testing::Values(
    Case{"sameWord", kDepartments, {.department = "Sales"}, O::Match, 1,
        "department Sales is one of sales, Customer Success"},
    Case{"dashed", kDepartments, {.department = "customer-success"}, O::Match, 1,
        "department customer-success is one of sales, Customer Success"},
    Case{"alias", kDepartments, {.department = "CS"}, O::Match, 1,
        "department CS is one of sales, Customer Success"},
    Case{"other", kDepartments, {.department = "Engineering"}, O::Miss, 0,
        "department Engineering is not one of sales, Customer Success"},
    Case{"unknown", kDepartments, {}, O::Unknown, 0.5,
        "no department known; wanted one of sales, Customer Success"}));
// clang-format on

const std::string kFunding = R"({"signals": {"recent_funding": {"within_months": 12}}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(RecentFunding, PersonAndSignalCriteria, ::testing::Values(
    Case{"inside", kFunding, {.fundingDate = "2024-03"}, O::Match, 1,
        "latest funding 2024-03 is 4 months old, within 12 months"},
    Case{"onTheEdge", kFunding, {.fundingDate = "2023-07"}, O::Match, 1,
        "latest funding 2023-07 is 12 months old, within 12 months"},
    Case{"justOutside", kFunding, {.fundingDate = "2023-06"}, O::Miss, 0,
        "latest funding 2023-06 is 13 months old, older than 12 months"},
    Case{"longAgo", kFunding, {.fundingDate = "2019-01"}, O::Miss, 0,
        "latest funding 2019-01 is 66 months old, older than 12 months"},
    Case{"thisMonthWithDay", kFunding, {.fundingDate = "2024-07-02"}, O::Match, 1,
        "latest funding 2024-07 is 0 months old, within 12 months"},
    Case{"announcedAhead", kFunding, {.fundingDate = "2024-09"}, O::Match, 1,
        "latest funding 2024-09 is 0 months old, within 12 months"},
    Case{"lastMomentOfTheMonth", kFunding, {.fundingDate = "2023-07"}, O::Match, 1,
        "latest funding 2023-07 is 12 months old, within 12 months", kEndOfJuly},
    Case{"oneMonth", R"({"signals": {"recent_funding": {"within_months": 0}}})",
        {.fundingDate = "2024-06"}, O::Miss, 0,
        "latest funding 2024-06 is 1 month old, older than 0 months"},
    Case{"unreadable", kFunding, {.fundingDate = "March 2024"}, O::Unknown, 0.5,
        "funding date \"March 2024\" is not YYYY-MM"},
    Case{"badMonth", kFunding, {.fundingDate = "2024-13"}, O::Unknown, 0.5,
        "funding date \"2024-13\" is not YYYY-MM"},
    Case{"roundWithoutDate", kFunding, {.fundingRound = "Series A"}, O::Unknown, 0.5,
        "no funding date known; wanted funding within 12 months"}));
// clang-format on

const std::string kHiring =
    R"({"signals": {"hiring": {"departments": ["sales"], "min_open_roles": 3}}})";
const std::string kWantedRoles = "wanted at least 3 open roles in sales";

HiringFacts hiring(std::optional<bool> isHiring, std::optional<double> openRoles,
                   std::optional<std::vector<std::string>> departments) {
    return HiringFacts{isHiring, openRoles, std::move(departments)};
}

using Names = std::vector<std::string>;

// clang-format off
INSTANTIATE_TEST_SUITE_P(Hiring, PersonAndSignalCriteria, ::testing::Values(
    Case{"enough", kHiring, {.hiring = hiring(true, 5, Names{"Sales", "Engineering"})}, O::Match, 1,
        "hiring 5 open roles in Sales, Engineering; " + kWantedRoles},
    Case{"tooFewRoles", kHiring, {.hiring = hiring(true, 2, Names{"Sales"})}, O::Partial, 0.5,
        "hiring 2 open roles in Sales; " + kWantedRoles},
    Case{"otherDepartments", kHiring, {.hiring = hiring(true, 5, Names{"Engineering"})}, O::Partial,
        0.5, "hiring 5 open roles in Engineering; " + kWantedRoles},
    Case{"hiringButNoDetail", kHiring, {.hiring = hiring(true, std::nullopt, std::nullopt)},
        O::Partial, 0.5, "hiring; " + kWantedRoles},
    Case{"notHiring", kHiring, {.hiring = hiring(false, 4, Names{"Sales"})}, O::Miss, 0,
        "not hiring; " + kWantedRoles},
    Case{"noOpenRoles", kHiring, {.hiring = hiring(std::nullopt, 0, std::nullopt)}, O::Miss, 0,
        "not hiring; " + kWantedRoles},
    Case{"silent", kHiring, {.hiring = hiring(std::nullopt, std::nullopt, std::nullopt)},
        O::Unknown, 0.5, "hiring signals do not say whether it is hiring; " + kWantedRoles},
    Case{"unknown", kHiring, {}, O::Unknown, 0.5, "no hiring signals known; " + kWantedRoles},
    Case{"anyHiring", R"({"signals": {"hiring": {}}})",
        {.hiring = hiring(true, std::nullopt, std::nullopt)}, O::Match, 1,
        "hiring; wanted at least 1 open role"},
    Case{"oneRole", R"({"signals": {"hiring": {}}})",
        {.hiring = hiring(std::nullopt, 1, std::nullopt)}, O::Match, 1,
        "hiring 1 open role; wanted at least 1 open role"}));
// clang-format on

const std::string kLeadership =
    R"({"signals": {"leadership_change": {"new_ceo": true, "new_cro": true}}})";

// clang-format off
INSTANTIATE_TEST_SUITE_P(LeadershipChange, PersonAndSignalCriteria, ::testing::Values(
    Case{"newCeo", kLeadership, {.newCeo = true}, O::Match, 1, "has a new CEO"},
    Case{"both", kLeadership, {.newCeo = true, .newCro = true}, O::Match, 1,
        "has a new CEO and CRO"},
    Case{"neither", kLeadership, {.newCeo = false, .newCro = false}, O::Miss, 0,
        "no CEO or CRO change"},
    Case{"partlyKnown", kLeadership, {.newCeo = false}, O::Unknown, 0.5,
        "no leadership change data; wanted a new CEO or CRO"},
    Case{"unlistedFlagIgnored", R"({"signals": {"leadership_change": {"new_cro": true}}})",
        {.newCeo = true, .newCro = false}, O::Miss, 0, "no CRO change"}));
// clang-format on

// clang-format off
INSTANTIATE_TEST_SUITE_P(Growth, PersonAndSignalCriteria, ::testing::Values(
    Case{"employeeAbove", R"({"signals": {"employee_growth": {"above": 0.2}}})",
        {.employeeGrowth = 0.25}, O::Match, 1, "employee growth 25% is above 20%"},
    Case{"employeeEqualIsNotAbove", R"({"signals": {"employee_growth": {"above": 0.2}}})",
        {.employeeGrowth = 0.2}, O::Miss, 0, "employee growth 20% is not above 20%"},
    Case{"employeeUnknown", R"({"signals": {"employee_growth": {"above": 0.2}}})", {}, O::Unknown,
        0.5, "no employee growth figure known; wanted above 20%"},
    Case{"revenueAbove", R"({"signals": {"revenue_growth": {"above": 0.3}}})",
        {.revenueGrowth = 0.5}, O::Match, 1, "revenue growth 50% is above 30%"},
    Case{"revenueShrinking", R"({"signals": {"revenue_growth": {"above": 0}}})",
        {.revenueGrowth = -0.125}, O::Miss, 0, "revenue growth -12.5% is not above 0%"}));
// clang-format on

}  // namespace
