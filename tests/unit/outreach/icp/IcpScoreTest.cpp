#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "outreach/icp/Icp.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::outreach;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

// The built-in words: what the daemon scores with when no file is configured.
const lodestone::vocabulary::Vocabulary& builtInWords() {
    return *lodestone::vocabulary::builtInVocabulary();
}

constexpr lodestone::domain::Timestamp kNow = 1721001600000;  // 2024-07-15T00:00:00Z
const std::string kNoCriteria = "the campaign has no ICP criteria: every prospect qualifies";

IcpScore score(const std::string& document, const ProspectProfile& profile) {
    return scoreProspect(IcpCriteria::parse(document), profile, kNow, builtInWords());
}

std::string text(const Poco::JSON::Object::Ptr& json) {
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(json, out);
    return out.str();
}

// Industry (weight 3), employees (2), seniority (1), as the document's threshold and
// unknown_credit say.
std::string weighted(const std::string& head) {
    return "{" + head + R"("criteria": {
      "industries": {"include": ["Software"], "weight": 3},
      "employees": {"min": 50, "max": 1000, "weight": 2},
      "seniority": {"include": ["vp"]}}})";
}

// Software (3 of 3), 20 employees (0 of 2), seniority unknown.
const ProspectProfile kSmallSoftwareCompany{.industry = "Software", .employeeCount = 20};

TEST(IcpScore, NoCriteriaQualifiesEveryone) {
    auto result = scoreProspect(IcpCriteria::none(), ProspectProfile{}, kNow, builtInWords());
    EXPECT_EQ(result.score, 100);
    EXPECT_EQ(result.threshold, 50);
    EXPECT_TRUE(result.qualified);
    EXPECT_FALSE(result.excludedBy);
    EXPECT_THAT(result.breakdown, IsEmpty());
    EXPECT_THAT(result.reasons, ElementsAre(kNoCriteria));

    auto emptyCriteria = score(R"({"threshold": 90, "criteria": null})", {});
    EXPECT_EQ(emptyCriteria.score, 100);
    EXPECT_EQ(emptyCriteria.threshold, 90);
    EXPECT_TRUE(emptyCriteria.qualified);
    EXPECT_THAT(emptyCriteria.reasons, ElementsAre(kNoCriteria));
}

TEST(IcpScore, WeightsDecideTheScore) {
    // (3*1 + 2*0 + 1*0.5) / 6 = 58.3
    auto result = score(weighted(R"("threshold": 60,)"), kSmallSoftwareCompany);
    EXPECT_EQ(result.score, 58);
    EXPECT_FALSE(result.qualified);
    ASSERT_EQ(result.breakdown.size(), 3u);
    EXPECT_EQ(result.breakdown[0].criterion, "industry");
    EXPECT_EQ(result.breakdown[0].weight, 3);
    EXPECT_EQ(result.breakdown[1].criterion, "employees");
    EXPECT_EQ(result.breakdown[2].criterion, "seniority");
    EXPECT_EQ(result.breakdown[2].outcome, CriterionOutcome::Unknown);
}

TEST(IcpScore, UnknownsEarnTheUnknownCredit) {
    // (3 + 0 + 0.8) / 6 = 63.3
    EXPECT_EQ(score(weighted(R"("unknown_credit": 0.8,)"), kSmallSoftwareCompany).score, 63);
    // (3 + 0 + 0) / 6 = 50
    EXPECT_EQ(score(weighted(R"("unknown_credit": 0,)"), kSmallSoftwareCompany).score, 50);
    // Nothing known at all lands on the unknown credit: the middle, by default.
    EXPECT_EQ(score(weighted(""), ProspectProfile{}).score, 50);
    EXPECT_EQ(score(weighted(R"("unknown_credit": 0.3,)"), ProspectProfile{}).score, 30);
}

TEST(IcpScore, TheThresholdItselfQualifies) {
    // One match and one miss of equal weight: exactly 50.
    const std::string criteria = R"("criteria": {"industries": {"include": ["Software"]},
                                                 "employees": {"max": 10}}})";
    const ProspectProfile profile{.industry = "Software", .employeeCount = 500};
    auto atThreshold = score(R"({"threshold": 50, )" + criteria, profile);
    EXPECT_EQ(atThreshold.score, 50);
    EXPECT_TRUE(atThreshold.qualified);
    auto oneAbove = score(R"({"threshold": 51, )" + criteria, profile);
    EXPECT_EQ(oneAbove.score, 50);
    EXPECT_FALSE(oneAbove.qualified);
}

TEST(IcpScore, PartialCreditsAreRounded) {
    // 500 of the 1500 headcounts of 501-2000 are within 50-1000: 33.3.
    auto result = score(R"({"criteria": {"employees": {"min": 50, "max": 1000}}})",
                        {.employeeRange = "501-2000"});
    EXPECT_EQ(result.score, 33);
    // Two partials of a half and a match: (0.5 + 0.5 + 1) / 3 = 66.7.
    auto mixed =
        score(R"({"criteria": {"industries": {"include": ["Financial Services/Payments"]},
                                        "locations": {"regions": ["Europe"]},
                                        "title_keywords": {"any": ["VP"]}}})",
              {.industry = "Financial Services", .companyRegion = "EMEA", .title = "VP Sales"});
    EXPECT_EQ(mixed.score, 67);
}

TEST(IcpScore, ZeroWeightsAreReportedButDoNotCount) {
    auto result = score(R"({"criteria": {"industries": {"include": ["Retail"], "weight": 0},
                                         "employees": {"min": 50}}})",
                        {.industry = "Software", .employeeCount = 500});
    EXPECT_EQ(result.score, 100);
    ASSERT_EQ(result.breakdown.size(), 2u);
    EXPECT_EQ(result.breakdown[0].outcome, CriterionOutcome::Miss);
    EXPECT_EQ(result.breakdown[0].weight, 0);
    // With every weight 0 there is nothing to score against.
    auto allZero = score(R"({"threshold": 80, "criteria": {"industries": {"include": ["Retail"],
                                                                           "weight": 0}}})",
                         {.industry = "Software"});
    EXPECT_EQ(allZero.score, 100);
    EXPECT_TRUE(allZero.qualified);
}

TEST(IcpScore, AnExclusionKnocksTheProspectOut) {
    const std::string document = R"({"threshold": 0, "criteria": {
      "industries": {"include": ["Entertainment"], "exclude": ["Entertainment/Gambling"]},
      "employees": {"min": 50}}})";
    auto excluded = score(
        document, {.industry = "Entertainment", .subIndustry = "Gambling", .employeeCount = 500});
    EXPECT_EQ(excluded.score, 0);
    EXPECT_FALSE(excluded.qualified);
    ASSERT_TRUE(excluded.excludedBy);
    EXPECT_EQ(*excluded.excludedBy,
              "industry Entertainment (Gambling) is excluded by Entertainment/Gambling");
    EXPECT_THAT(excluded.reasons,
                ElementsAre("excluded: industry Entertainment (Gambling) is excluded by "
                            "Entertainment/Gambling"));
    ASSERT_EQ(excluded.breakdown.size(), 2u);
    EXPECT_EQ(excluded.breakdown[0].outcome, CriterionOutcome::Excluded);
    EXPECT_EQ(excluded.breakdown[1].outcome, CriterionOutcome::Match);

    auto otherSubIndustry =
        score(document, {.industry = "Entertainment", .subIndustry = "Film", .employeeCount = 500});
    EXPECT_EQ(otherSubIndustry.score, 100);
    EXPECT_TRUE(otherSubIndustry.qualified);
    EXPECT_FALSE(otherSubIndustry.excludedBy);
}

TEST(IcpScore, ReasonsSummariseTheVerdict) {
    auto result = score(R"({"threshold": 60, "criteria": {
      "industries": {"include": ["Software"], "weight": 3},
      "employees": {"min": 50, "max": 1000, "weight": 2},
      "locations": {"countries": ["US"]},
      "technologies": {"any": ["Salesforce", "HubSpot"], "min_matches": 2},
      "seniority": {"include": ["vp"], "weight": 2},
      "departments": {"include": ["sales"]},
      "signals": {"hiring": {}}}})",
                        {.industry = "Software",
                         .employeeCount = 20,
                         .companyCountry = "Germany",
                         .technologies = std::vector<std::string>{"Salesforce"},
                         .seniority = "VP"});
    // (3 + 0 + 0 + 0.5 + 2 + 0.5 + 0.5) / 11 = 59.1
    EXPECT_EQ(result.score, 59);
    EXPECT_THAT(
        result.reasons,
        ElementsAre("score 59 is below the threshold 60",
                    "match: industry Software matches Software", "match: seniority VP is one of vp",
                    "partial: technologies include Salesforce: 1 of the 2 wanted from "
                    "Salesforce, HubSpot",
                    "miss: employee count 20 is outside 50-1000",
                    "miss: company country Germany is outside US", "unknown: department, hiring"));
}

TEST(IcpScore, BreakdownFollowsTheCriteriaOrderNotTheDocuments) {
    auto result = score(R"({"criteria": {"signals": {"revenue_growth": {"above": 0.1}},
                                         "departments": {"include": ["sales"]},
                                         "industries": {"include": ["Software"]}}})",
                        {});
    ASSERT_EQ(result.breakdown.size(), 3u);
    EXPECT_EQ(result.breakdown[0].criterion, "industry");
    EXPECT_EQ(result.breakdown[1].criterion, "department");
    EXPECT_EQ(result.breakdown[2].criterion, "revenueGrowth");
}

TEST(IcpScore, ToJsonKeepsTheKeyOrder) {
    auto result = score(R"({"threshold": 60, "criteria": {
      "industries": {"include": ["Software"], "weight": 3},
      "employees": {"min": 50, "max": 1000, "weight": 1.5}}})",
                        {.industry = "Software", .employeeRange = "501-2000"});
    // (3 + 1.5/3) / 4.5 = 77.8. Each criterion says where its value came from: a profile built
    // by hand holds client facts, named by their Add Lead field.
    EXPECT_EQ(
        text(result.toJson()),
        R"j({"score":78,"threshold":60,"qualified":true,"excludedBy":null,"breakdown":[)j"
        R"j({"criterion":"industry","weight":3,"outcome":"match","credit":1,)j"
        R"j("reason":"industry Software matches Software",)j"
        R"j("evidence":"client","source":"company.industry"},)j"
        R"j({"criterion":"employees","weight":1.5,"outcome":"partial","credit":0.333,)j"
        R"j("reason":"employee range 501-2000 overlaps 50-1000 (33% of the range inside)",)j"
        R"j("evidence":"client","source":"company.employeeRange"}],)j"
        R"j("reasons":["score 78 meets the threshold 60",)j"
        R"j("match: industry Software matches Software",)j"
        R"j("partial: employee range 501-2000 overlaps 50-1000 (33% of the range inside)"]})j");
}

TEST(IcpScore, ToJsonNamesTheExclusion) {
    auto result = score(R"({"criteria": {"industries": {"exclude": ["Gambling"]}}})",
                        {.industry = "Gambling"});
    auto json = result.toJson();
    EXPECT_EQ(json->getValue<int>("score"), 0);
    EXPECT_FALSE(json->getValue<bool>("qualified"));
    EXPECT_EQ(json->getValue<std::string>("excludedBy"),
              "industry Gambling is excluded by Gambling");
    auto item = json->getArray("breakdown")->getObject(0);
    EXPECT_EQ(item->getValue<std::string>("outcome"), "excluded");
    EXPECT_EQ(item->getValue<int>("credit"), 0);
}

TEST(IcpScore, ScoresALeadFromEndToEnd) {
    auto criteria = IcpCriteria::parse(R"({"threshold": 60, "criteria": {
      "industries": {"include": ["Software"], "weight": 2},
      "employees": {"min": 50, "max": 1000},
      "seniority": {"include": ["vp", "c_level"]},
      "signals": {"recent_funding": {"within_months": 12}}}})");
    Poco::JSON::Object::Ptr lead = Poco::JSON::Parser()
                                       .parse(R"({"companyName": "Acme", "contactName": "Ada",
                                                 "email": "ada@acme.test", "title": "CEO"})")
                                       .extract<Poco::JSON::Object::Ptr>();
    Poco::JSON::Object::Ptr research =
        Poco::JSON::Parser()
            .parse(R"({"person": {"title": "CEO", "seniority": "executive"},
                       "company": {"industry": "Software", "sizeBand": "51-200"}})")
            .extract<Poco::JSON::Object::Ptr>();
    auto result = scoreProspect(criteria, profileOf(*lead, research), kNow, builtInWords());
    // (2 + 1 + 1 + 0.5) / 5 = 90
    EXPECT_EQ(result.score, 90);
    EXPECT_TRUE(result.qualified);
    EXPECT_EQ(result.breakdown[2].reason, "seniority executive is one of vp, c_level");
    EXPECT_EQ(result.breakdown[3].reason, "no funding date known; wanted funding within 12 months");
}

}  // namespace
