#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "outreach/icp/ProspectProfile.hpp"

using lodestone::outreach::Evidence;
using lodestone::outreach::profileOf;
using lodestone::outreach::ProspectProfile;
using Poco::JSON::Object;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

Object::Ptr json(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Object::Ptr>();
}

ProspectProfile profile(const std::string& lead, const std::string& research = "") {
    return profileOf(*json(lead), research.empty() ? Object::Ptr() : json(research));
}

// research-basic's output for a VP of Sales at a software company.
const std::string kResearch = R"({
  "person": {"email": "ada@example.com", "title": "VP Sales", "seniority": "vp",
             "department": "sales"},
  "company": {"name": "Acme", "industry": "Software", "sizeBand": "51-200",
              "sizeCategory": "mid_market"},
  "custom": {}, "facts": [], "sources": []})";

TEST(ProspectProfile, ReadsEveryClientCompanyFact) {
    auto p = profile(R"({
      "companyName": "Acme", "contactName": "Ada", "email": "ada@example.com",
      "title": "  Head of Growth ",
      "company": {
        "industry": "Financial Services", "subIndustry": "Payments",
        "employeeCount": 120, "employeeRange": "51-200",
        "revenue": 5000000, "revenueRange": "$1M-$10M",
        "country": "US", "region": "North America", "headquarters": "Austin, TX, USA",
        "fundingStage": "Series A", "technologies": ["Salesforce", " ", "HubSpot"],
        "signals": {
          "recentFunding": {"amount": 10000000, "date": "2024-03", "round": "Series A"},
          "hiringSignals": {"isHiring": true, "openRoles": 5, "departments": ["Sales"]},
          "leadershipChanges": {"newCeo": false, "newCro": true},
          "growthIndicators": {"employeeGrowth": 0.25, "revenueGrowth": 0.4}}},
      "contact": {"seniority": "Director", "department": "Marketing", "country": "Canada"}})");
    EXPECT_EQ(p.industry, "Financial Services");
    EXPECT_EQ(p.subIndustry, "Payments");
    EXPECT_EQ(p.employeeCount, 120);
    EXPECT_EQ(p.employeeRange, "51-200");
    EXPECT_EQ(p.revenue, 5000000);
    EXPECT_EQ(p.revenueRange, "$1M-$10M");
    EXPECT_EQ(p.companyCountry, "US");
    EXPECT_EQ(p.companyRegion, "North America");
    EXPECT_EQ(p.headquarters, "Austin, TX, USA");
    EXPECT_EQ(p.fundingStage, "Series A");
    ASSERT_TRUE(p.technologies);
    EXPECT_THAT(*p.technologies, ElementsAre("Salesforce", "HubSpot"));
    EXPECT_EQ(p.fundingDate, "2024-03");
    EXPECT_EQ(p.fundingRound, "Series A");
    ASSERT_TRUE(p.hiring);
    EXPECT_EQ(p.hiring->isHiring, true);
    EXPECT_EQ(p.hiring->openRoles, 5);
    ASSERT_TRUE(p.hiring->departments);
    EXPECT_THAT(*p.hiring->departments, ElementsAre("Sales"));
    EXPECT_EQ(p.newCeo, false);
    EXPECT_EQ(p.newCro, true);
    EXPECT_EQ(p.employeeGrowth, 0.25);
    EXPECT_EQ(p.revenueGrowth, 0.4);
    EXPECT_EQ(p.title, "Head of Growth");
    EXPECT_EQ(p.seniority, "Director");
    EXPECT_EQ(p.department, "Marketing");
    EXPECT_EQ(p.contactCountry, "Canada");
}

TEST(ProspectProfile, ClientCompanyObjectBeatsResearch) {
    auto p =
        profile(R"({"company": {"industry": "Fintech", "employeeRange": "11-50"}})", kResearch);
    EXPECT_EQ(p.industry, "Fintech");
    EXPECT_EQ(p.employeeRange, "11-50");
}

// With a company object the client describes the company; research, which then reads no site,
// fills only the industry and size it read from the client's own words (its notes, the name).
TEST(ProspectProfile, ResearchFillsOnlyTheIndustryAndSizeTheCompanyObjectLeftOut) {
    const std::string inferred = R"({"profile": {"company": {"industry": "Gambling",
        "employeeRange": "51-200", "country": "MT"}},
      "evidence": {"company.industry": {"evidence": "inferred", "source": "notes: \"casino\""},
                   "company.employeeRange": {"evidence": "inferred", "source": "notes: \"x\""}}})";
    auto p = profile(R"({"company": {"country": "US"}})", inferred);
    EXPECT_EQ(p.companyCountry, "US");
    EXPECT_EQ(p.industry, "Gambling");
    EXPECT_EQ(p.sourceOf("company.industry").evidence, Evidence::Inferred);
    EXPECT_EQ(p.employeeRange, "51-200");
    auto sized = profile(R"({"company": {"employeeCount": 240}})", inferred);
    EXPECT_EQ(sized.employeeCount, 240);
    EXPECT_FALSE(sized.employeeRange) << "the client's count is the size";
    auto client = profile(R"({"company": {"industry": "Software"}})", inferred);
    EXPECT_EQ(client.industry, "Software");
    EXPECT_FALSE(client.companyCountry) << "research is not consulted for other company facts";
    // The older research shape (no profile) adds nothing to a company object.
    auto empty = profile(R"({"company": {}})", kResearch);
    EXPECT_FALSE(empty.industry);
    EXPECT_FALSE(empty.employeeRange);
}

TEST(ProspectProfile, ResearchSuppliesCompanyFactsWithoutACompanyObject) {
    auto p = profile(R"({"companyName": "Acme"})", kResearch);
    EXPECT_EQ(p.industry, "Software");
    EXPECT_EQ(p.employeeRange, "51-200");
    EXPECT_FALSE(p.employeeCount);
    EXPECT_FALSE(p.technologies);
    EXPECT_FALSE(p.hiring);
}

TEST(ProspectProfile, ContactAndTitleBeatResearch) {
    auto p = profile(R"({"title": "Director of Sales Ops",
                         "contact": {"seniority": "Director", "department": "Operations"}})",
                     kResearch);
    EXPECT_EQ(p.title, "Director of Sales Ops");
    EXPECT_EQ(p.seniority, "Director");
    EXPECT_EQ(p.department, "Operations");
}

TEST(ProspectProfile, ResearchFillsThePersonGaps) {
    auto p = profile(R"({"contact": {"seniority": "Director"}})", kResearch);
    EXPECT_EQ(p.title, "VP Sales");
    EXPECT_EQ(p.seniority, "Director");
    EXPECT_EQ(p.department, "sales");
}

TEST(ProspectProfile, UnknownSeniorityIsNoSeniority) {
    auto p = profile(R"({})", R"({"person": {"seniority": "unknown"}, "company": {}})");
    EXPECT_FALSE(p.seniority);
    // A client's "Unknown" does not hide research's answer either.
    auto q = profile(R"({"contact": {"seniority": "Unknown"}})", kResearch);
    EXPECT_EQ(q.seniority, "vp");
}

TEST(ProspectProfile, WithoutResearchOnlyTheLeadCounts) {
    auto p = profile(R"({"companyName": "Acme", "title": "CEO"})");
    EXPECT_EQ(p.title, "CEO");
    EXPECT_FALSE(p.industry);
    EXPECT_FALSE(p.seniority);
    EXPECT_FALSE(p.employeeRange);
}

TEST(ProspectProfile, WrongTypesAndBlanksAreIgnored) {
    auto p = profile(R"({"title": "  ", "company": {"industry": 7, "employeeCount": true,
                         "revenue": "lots", "technologies": "Salesforce", "country": "",
                         "signals": {"hiringSignals": {"isHiring": "yes", "openRoles": "5"},
                                     "leadershipChanges": "new CEO"}}})");
    EXPECT_FALSE(p.title);
    EXPECT_FALSE(p.industry);
    EXPECT_FALSE(p.employeeCount);
    EXPECT_FALSE(p.employeeRange);
    EXPECT_FALSE(p.revenue);
    EXPECT_EQ(p.revenueRange, "lots");  // kept as text: scoring reports it unreadable
    EXPECT_FALSE(p.technologies);
    EXPECT_FALSE(p.companyCountry);
    ASSERT_TRUE(p.hiring);  // the object is there, saying nothing usable
    EXPECT_FALSE(p.hiring->isHiring);
    EXPECT_FALSE(p.hiring->openRoles);
    EXPECT_FALSE(p.newCeo);
}

TEST(ProspectProfile, NumericTextInACountIsReadAsItsRange) {
    auto p = profile(R"({"company": {"employeeCount": "120"}})");
    EXPECT_FALSE(p.employeeCount);
    EXPECT_EQ(p.employeeRange, "120");
    // A real range wins over the text.
    auto q = profile(R"({"company": {"employeeCount": "120", "employeeRange": "51-200"}})");
    EXPECT_EQ(q.employeeRange, "51-200");
}

TEST(ProspectProfile, AnEmptyTechnologyListIsKnown) {
    auto p = profile(R"({"company": {"technologies": []}})");
    ASSERT_TRUE(p.technologies);
    EXPECT_THAT(*p.technologies, IsEmpty());
}

}  // namespace
