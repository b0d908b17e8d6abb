// Where scoring's facts come from (the client, research, or research's inference) and how the
// breakdown reports it: profileOf reading research's profile and evidence map, exclusions that
// bite on inferred values, and the evidence and source of each criterion.
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "outreach/icp/Icp.hpp"
#include "vocabulary/Vocabulary.hpp"

using namespace lodestone::outreach;
using Poco::JSON::Object;
using ::testing::HasSubstr;

namespace {

// The built-in words: what the daemon scores with when no file is configured.
const lodestone::vocabulary::Vocabulary& builtInWords() {
    return *lodestone::vocabulary::builtInVocabulary();
}

constexpr lodestone::domain::Timestamp kNow = 1721001600000;  // 2024-07-15T00:00:00Z

Object::Ptr json(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Object::Ptr>();
}

ProspectProfile profile(const std::string& lead, const std::string& research) {
    return profileOf(*json(lead), json(research));
}

IcpScore score(const std::string& criteria, const ProspectProfile& p) {
    return scoreProspect(IcpCriteria::parse(criteria), p, kNow, builtInWords());
}

void expectSource(const ProspectProfile& p, const std::string& path, Evidence evidence,
                  const std::string& source) {
    SCOPED_TRACE(path);
    auto found = p.sources.find(path);
    ASSERT_NE(found, p.sources.end());
    EXPECT_EQ(toString(found->second.evidence), toString(evidence));
    EXPECT_EQ(found->second.source, source);
}

const std::string kCasinoSource =
    R"(company name: \"Lucky Spin Casinos\"; notes: \"online gambling operator\")";

// What a research plugin reports for the casino: an inferred industry, a researched head count.
const std::string kCasinoResearch = R"({
  "person": {"email": "sam@luckyspin.example", "title": "VP of Sales", "seniority": "vp",
             "department": "sales"},
  "company": {"name": "Lucky Spin Casinos", "industry": "Gambling"},
  "profile": {"company": {"industry": "Gambling", "employeeCount": 240, "country": "Malta",
                          "signals": {"hiringSignals": {"isHiring": true, "openRoles": 7}}},
              "contact": {"seniority": "vp", "department": "sales"}},
  "evidence": {
    "company.industry": {"evidence": "inferred", "source": ")" +
                                    kCasinoSource + R"("},
    "company.employeeCount": {"evidence": "research", "source": "https://luckyspin.example/about"},
    "company.signals.hiringSignals.openRoles": {"evidence": "research",
                                                "source": "https://luckyspin.example/careers"},
    "contact.seniority": {"evidence": "inferred", "source": "title: \"VP of Sales\""}},
  "custom": {}, "facts": [], "sources": []})";

const std::string kCasinoLead =
    R"({"companyName": "Lucky Spin Casinos", "contactName": "Sam Spade",
        "email": "sam@luckyspin.example", "title": "VP of Sales",
        "notes": "online gambling operator"})";

// The demo's ICP: software wanted, gambling excluded.
const std::string kSoftwareNotGambling = R"({"threshold": 60, "criteria": {
  "industries": {"include": ["Software"], "exclude": ["Gambling"], "weight": 3},
  "employees": {"min": 50, "max": 1000, "weight": 2},
  "seniority": {"include": ["vp", "director", "c_level"], "weight": 2}}})";

TEST(FactEvidence, ResearchProfileValuesCarryTheirEvidence) {
    auto p = profile(kCasinoLead, kCasinoResearch);
    EXPECT_EQ(p.industry, "Gambling");
    EXPECT_EQ(p.employeeCount, 240);
    EXPECT_EQ(p.companyCountry, "Malta");
    ASSERT_TRUE(p.hiring);
    EXPECT_EQ(p.hiring->openRoles, 7);
    expectSource(p, "company.industry", Evidence::Inferred,
                 R"(company name: "Lucky Spin Casinos"; notes: "online gambling operator")");
    expectSource(p, "company.employeeCount", Evidence::Research, "https://luckyspin.example/about");
    // A fact made of several values takes the first entry under it.
    expectSource(p, "company.signals.hiringSignals", Evidence::Research,
                 "https://luckyspin.example/careers");
    // A value without an entry counts as researched, named by where it was read.
    expectSource(p, "company.country", Evidence::Research, "research: profile.company.country");
    // The client's title wins over research's; its seniority comes from research's inference.
    expectSource(p, "title", Evidence::Client, "title");
    expectSource(p, "contact.seniority", Evidence::Inferred, "title: \"VP of Sales\"");
    expectSource(p, "contact.department", Evidence::Research,
                 "research: profile.contact.department");
}

TEST(FactEvidence, TheCasinoIsExcludedNamingTheEvidence) {
    auto result = score(kSoftwareNotGambling, profile(kCasinoLead, kCasinoResearch));
    EXPECT_EQ(result.score, 0);
    EXPECT_FALSE(result.qualified);
    ASSERT_TRUE(result.excludedBy);
    EXPECT_EQ(*result.excludedBy,
              R"(industry Gambling (inferred from company name: "Lucky Spin Casinos"; )"
              R"(notes: "online gambling operator") is excluded by Gambling)");
    auto item = result.toJson()->getArray("breakdown")->getObject(0);
    EXPECT_EQ(item->getValue<std::string>("evidence"), "inferred");
    EXPECT_EQ(item->getValue<std::string>("source"),
              R"(company name: "Lucky Spin Casinos"; notes: "online gambling operator")");
    auto employees = result.toJson()->getArray("breakdown")->getObject(1);
    EXPECT_EQ(employees->getValue<std::string>("evidence"), "research");
    EXPECT_EQ(employees->getValue<std::string>("source"), "https://luckyspin.example/about");
}

TEST(FactEvidence, TheClientsCompanyObjectWinsOverResearchAndInference) {
    auto p = profile(R"({"companyName": "Lucky Spin Casinos", "title": "VP of Sales",
                         "company": {"industry": "Software", "employeeCount": 240}})",
                     kCasinoResearch);
    EXPECT_EQ(p.industry, "Software");
    expectSource(p, "company.industry", Evidence::Client, "company.industry");
    EXPECT_FALSE(p.companyCountry) << "research is not consulted for company facts";
    auto result = score(kSoftwareNotGambling, p);
    EXPECT_FALSE(result.excludedBy);
    // (3 + 2 + 2) / 7; seniority still comes from research, inferred from the title.
    EXPECT_EQ(result.score, 100);
    EXPECT_EQ(result.breakdown[0].reason, "industry Software matches Software");
    EXPECT_EQ(result.breakdown[2].reason,
              R"(seniority vp (inferred from title: "VP of Sales") is one of vp, director, )"
              R"(c_level)");
}

TEST(FactEvidence, AnInferredMatchEarnsFullCredit) {
    ProspectProfile p{.industry = "Software"};
    p.sources["company.industry"] = {Evidence::Inferred, R"(domain: "acme-software.io")"};
    auto result = score(R"({"criteria": {"industries": {"include": ["Software"]}}})", p);
    EXPECT_EQ(result.score, 100);
    EXPECT_EQ(result.breakdown[0].reason,
              R"(industry Software (inferred from domain: "acme-software.io") matches Software)");
    ASSERT_TRUE(result.breakdown[0].basis);
    EXPECT_EQ(result.breakdown[0].basis->evidence, Evidence::Inferred);
}

TEST(FactEvidence, UnknownCriteriaHaveNoEvidence) {
    auto result = score(R"({"criteria": {"industries": {"include": ["Software"]},
                                         "signals": {"hiring": {"min_open_roles": 1}}}})",
                        ProspectProfile{});
    EXPECT_EQ(result.score, 50);
    auto item = result.toJson()->getArray("breakdown")->getObject(0);
    EXPECT_TRUE(item->isNull("evidence"));
    EXPECT_TRUE(item->isNull("source"));
    EXPECT_FALSE(result.breakdown[1].basis);
}

TEST(FactEvidence, OlderResearchKeysFillTheGaps) {
    auto p = profile(R"({"companyName": "Acme"})", R"({
      "person": {"seniority": "director"},
      "company": {"industry": "Software", "sizeBand": "51-200"},
      "profile": {"company": {"country": "US"}},
      "evidence": {"company.employeeRange": {"evidence": "inferred",
                                             "source": "notes: \"a 120-person team\""},
                   "company": {"evidence": "research", "source": "https://acme.example/"}}})");
    EXPECT_EQ(p.industry, "Software");
    EXPECT_EQ(p.employeeRange, "51-200");
    EXPECT_EQ(p.seniority, "director");
    expectSource(p, "company.employeeRange", Evidence::Inferred, "notes: \"a 120-person team\"");
    // Without an entry of its own, the nearest one above it.
    expectSource(p, "company.industry", Evidence::Research, "https://acme.example/");
    expectSource(p, "contact.seniority", Evidence::Research, "research: person.seniority");
}

TEST(FactEvidence, StrangeEvidenceEntriesCountAsResearch) {
    auto p = profile(R"({})", R"({
      "profile": {"company": {"industry": "Software", "region": "Europe"}},
      "evidence": {"company.industry": {"evidence": "rumour"}, "company.region": "a web page"}})");
    expectSource(p, "company.industry", Evidence::Research, "research: profile.company.industry");
    expectSource(p, "company.region", Evidence::Research, "research: profile.company.region");
}

TEST(FactEvidence, AMissOnSeveralFactsReportsTheLeastCertain) {
    ProspectProfile p{.companyCountry = "Malta", .contactCountry = "Canada"};
    p.sources["contact.country"] = {Evidence::Research, "https://example.org/team"};
    auto result = score(R"({"criteria": {"locations": {"countries": ["US"]}}})", p);
    ASSERT_EQ(result.breakdown[0].outcome, CriterionOutcome::Miss);
    ASSERT_TRUE(result.breakdown[0].basis);
    EXPECT_EQ(result.breakdown[0].basis->evidence, Evidence::Research);
    EXPECT_EQ(result.breakdown[0].basis->source, "company.country; https://example.org/team");
    // A match names the fact that matched.
    auto matched = score(R"({"criteria": {"locations": {"countries": ["Canada"]}}})", p);
    EXPECT_EQ(matched.breakdown[0].basis->source, "https://example.org/team");
    EXPECT_THAT(matched.breakdown[0].reason, HasSubstr("contact country Canada is within"));
}

}  // namespace
