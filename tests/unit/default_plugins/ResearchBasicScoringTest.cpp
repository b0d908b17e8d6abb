// research/basic's real output scored as the score step scores it: the stored Add Lead body and
// the research output through profileOf, then the campaign's ICP (docs/icp.md). What research
// inferred counts, exclusions included, and every criterion says where its value came from.
#include "outreach/icp/Icp.hpp"
#include "unit/default_plugins/DefaultPluginSupport.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::plugins {
namespace {

using namespace testing;
using outreach::CriterionOutcome;
using outreach::IcpCriteria;
using outreach::IcpScore;
using ::testing::HasSubstr;

constexpr domain::Timestamp kNow = 1721001600000;  // 2024-07-15T00:00:00Z

// The demo campaign's ICP, as in etc/demo.yaml and the engine tests: software wanted, gambling
// excluded.
const char* const kIcp = R"({"threshold": 60, "criteria": {
  "industries": {"include": ["Software"], "exclude": ["Gambling"], "weight": 3},
  "employees": {"min": 50, "max": 1000, "weight": 2},
  "seniority": {"include": ["vp", "director", "c_level"], "weight": 2}}})";

// The research input the engine builds from an Add Lead body (ProspectResearchInput.cpp), for the
// fields these tests use.
std::string researchInput(const Poco::JSON::Object::Ptr& body) {
    auto lead = newObject();
    lead->set("email", body->getValue<std::string>("email"));
    lead->set("fullName", body->getValue<std::string>("contactName"));
    lead->set("company", body->getValue<std::string>("companyName"));
    for (const char* key : {"domain", "title"}) {
        if (body->has(key)) lead->set(key, body->get(key));
    }
    auto input = newObject();
    input->set("jobId", "job_1");
    input->set("kind", "prospect");
    input->set("lead", lead);
    if (body->has("notes")) input->set("notes", body->get("notes"));
    if (body->has("company")) {
        auto company = body->getObject("company");
        if (company->has("industry")) lead->set("industry", company->get("industry"));
        input->set("company", company);
    }
    input->set("skipCompanyEnrichment", body->has("company"));
    return toJson(input);
}

class ResearchBasicScoring : public ::testing::Test {
  protected:
    // Researches and scores the Add Lead body `bodyJson`.
    IcpScore score(const std::string& bodyJson, const char* icp = kIcp) {
        const auto body = parseObject(bodyJson);
        const auto research = plugin_.runObject(researchInput(body));
        return outreach::scoreProspect(IcpCriteria::parse(icp),
                                       outreach::profileOf(*body, research), kNow,
                                       *lodestone::vocabulary::builtInVocabulary());
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasicScoring, TheCasinosVpOfSalesIsDisqualifiedNamingTheEvidence) {
    const auto result =
        score(R"({"companyName":"Lucky Spin Casinos","contactName":"Sam Spade",)"
              R"("email":"sam@luckyspin.example","title":"VP of Sales",)"
              R"("notes":"online gambling operator","domain":"luckyspin.example"})");
    EXPECT_EQ(result.score, 0);
    EXPECT_FALSE(result.qualified);
    ASSERT_TRUE(result.excludedBy);
    EXPECT_EQ(*result.excludedBy,
              R"(industry Gambling (inferred from company name: "Lucky Spin Casinos"; notes: )"
              R"("online gambling operator") is excluded by Gambling)");
    const auto industry = result.toJson()->getArray("breakdown")->getObject(0);
    EXPECT_EQ(industry->getValue<std::string>("evidence"), "inferred");
    EXPECT_EQ(industry->getValue<std::string>("source"),
              R"(company name: "Lucky Spin Casinos"; notes: "online gambling operator")");
}

TEST_F(ResearchBasicScoring, AProspectWithOnlyAnEmailScoresOnInferredValuesMarkedAsSuch) {
    const auto result =
        score(R"({"companyName":"Acme","contactName":"Bo","email":"bo@acme-software.io",)"
              R"("title":"Director of Engineering","notes":"a 120-person team"})");
    // Software (3) and 51-200 inside 50-1000 (2) and director (2): all inferred, full credit.
    EXPECT_EQ(result.score, 100);
    ASSERT_EQ(result.breakdown.size(), 3u);
    for (const auto& criterion : result.breakdown) {
        SCOPED_TRACE(criterion.criterion);
        ASSERT_TRUE(criterion.basis);
        EXPECT_EQ(criterion.basis->evidence, outreach::Evidence::Inferred);
        EXPECT_THAT(criterion.reason, HasSubstr("(inferred from "));
    }
    EXPECT_EQ(result.breakdown[0].basis->source, R"(domain: "acme-software.io")");
    EXPECT_EQ(result.breakdown[1].basis->source, R"(notes: "a 120-person team")");
    EXPECT_EQ(result.breakdown[2].basis->source, R"(title: "Director of Engineering")");
}

TEST_F(ResearchBasicScoring, TheClientsCompanyDataStillWinsOverInference) {
    const auto result = score(R"({"companyName":"Lucky Spin Casinos","contactName":"Sam Spade",)"
                              R"("email":"sam@luckyspin.example","title":"VP of Sales",)"
                              R"("notes":"online gambling operator",)"
                              R"("company":{"industry":"Software","employeeCount":240}})");
    EXPECT_FALSE(result.excludedBy);
    EXPECT_EQ(result.score, 100);
    EXPECT_EQ(result.breakdown[0].reason, "industry Software matches Software");
    const auto industry = result.toJson()->getArray("breakdown")->getObject(0);
    EXPECT_EQ(industry->getValue<std::string>("evidence"), "client");
    EXPECT_EQ(industry->getValue<std::string>("source"), "company.industry");
}

// A company object that leaves the industry out hides nothing the notes say: the client's head
// count is used as sent, the industry read from the client's own words.
TEST_F(ResearchBasicScoring, ACompanyObjectWithoutAnIndustryLeavesItToTheNotes) {
    const auto result = score(R"({"companyName":"Bluebird","contactName":"Sam Spade",)"
                              R"("email":"sam@bluebird.example","title":"VP of Sales",)"
                              R"("notes":"Online gambling operator, sportsbook and slots",)"
                              R"("company":{"employeeCount":240}})");
    EXPECT_FALSE(result.qualified);
    ASSERT_TRUE(result.excludedBy);
    EXPECT_THAT(*result.excludedBy, HasSubstr("industry Gambling (inferred from notes: "));
    const auto breakdown = result.toJson()->getArray("breakdown");
    const auto employees = breakdown->getObject(1);
    EXPECT_EQ(employees->getValue<std::string>("evidence"), "client");
    EXPECT_EQ(employees->getValue<std::string>("source"), "company.employeeCount");
}

TEST_F(ResearchBasicScoring, AFreeMailAddressInfersNothingFromItsDomain) {
    const auto result = score(R"({"companyName":"Initech","contactName":"Sam Spade",)"
                              R"("email":"luckyspincasinos@gmail.com","title":"VP of Sales"})");
    EXPECT_FALSE(result.excludedBy);
    EXPECT_EQ(result.breakdown[0].outcome, CriterionOutcome::Unknown);
    EXPECT_EQ(result.breakdown[1].outcome, CriterionOutcome::Unknown);
    EXPECT_FALSE(result.breakdown[0].basis);
    // (3 * 0.5 + 2 * 0.5 + 2) / 7 = 64: the seniority from the title is the one thing known.
    EXPECT_EQ(result.score, 64);
}

TEST_F(ResearchBasicScoring, TheBuyersAndAdmissionsDepartmentsMeetTheirIcpNames) {
    // Operators write "purchasing" and "enrollment"; research says procurement and admissions.
    const char* const icp = R"({"threshold": 50, "criteria": {
      "departments": {"include": ["purchasing", "enrollment"], "weight": 1}}})";
    for (const char* title : {"Einkaufsleiter", "Jefa de compras", "Director of Admissions"}) {
        SCOPED_TRACE(title);
        const auto result = score(std::string(R"({"companyName":"Acme","contactName":"Bo",)") +
                                      R"("email":"bo@acme.example","title":")" + title + R"("})",
                                  icp);
        ASSERT_EQ(result.breakdown.size(), 1u);
        EXPECT_EQ(result.breakdown[0].outcome, CriterionOutcome::Match);
        EXPECT_TRUE(result.qualified);
    }
}

}  // namespace
}  // namespace lodestone::plugins
