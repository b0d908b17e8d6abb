// research/basic's profile, evidence, findings and warnings (docs/plugins.md, "What research
// found, where it found it, and how sure it is"): what a campaign prospect's client sent becomes
// findings sourced to its fields, and what the lead leaves out is inferred with the words it
// rests on. The inference vocabulary case by case is in ResearchBasicInferenceTest.cpp.
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace testing;

// A campaign prospect's research input as the engine builds it (docs/plugins.md), the lead and
// the client's fields given as JSON text.
std::string prospectInput(const std::string& lead, const std::string& beside = "") {
    const bool company = beside.find("\"company\"") != std::string::npos;
    return R"({"jobId":"job_1","kind":"prospect","prospectId":"prospect_1","lead":)" + lead +
           (beside.empty() ? "" : "," + beside) + R"(,"skipCompanyEnrichment":)" +
           (company ? "true" : "false") + R"(,"campaign":{"id":"campaign_1","name":"Q3"}})";
}

class ResearchBasicEvidence : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr research(const std::string& lead, const std::string& beside = "") {
        return plugin_.runObject(prospectInput(lead, beside));
    }

    LoadedPlugin plugin_{kResearchBasic};
};

const std::string kCasinoLead =
    R"({"email":"sam@luckyspin.example","fullName":"Sam Spade","company":"Lucky Spin Casinos",)"
    R"("domain":"luckyspin.example","title":"VP of Sales"})";

TEST_F(ResearchBasicEvidence, InfersTheCasinosIndustryNamingTheWords) {
    const auto output = research(kCasinoLead, R"("notes":"online gambling operator")");
    EXPECT_EQ(toJson(output->getObject("profile")),
              R"({"company":{"industry":"Gambling"},)"
              R"("contact":{"seniority":"vp","department":"sales"}})");
    EXPECT_EQ(toJson(output->getObject("evidence")),
              R"({"company.industry":{"evidence":"inferred","source":)"
              R"("company name: \"Lucky Spin Casinos\"; notes: \"online gambling operator\""},)"
              R"("contact.seniority":{"evidence":"inferred","source":"title: \"VP of Sales\""},)"
              R"("contact.department":{"evidence":"inferred","source":"title: \"VP of Sales\""}})");
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("industry"), "Gambling");
    // The summary says what research made of the lead, not the title alone.
    EXPECT_THAT(strings(output->getArray("facts")),
                ElementsAre("Sam Spade works at Lucky Spin Casinos as VP of Sales",
                            "Works in Sales at VP level",
                            "Industry: Gambling, inferred from the company name and the notes",
                            "Notes: online gambling operator"));
    const auto findings = output->getArray("findings");
    ASSERT_EQ(findings->size(), 4u);
    EXPECT_EQ(toJson(findings->getObject(2)),
              R"({"text":"Industry: Gambling, inferred from the company name and the notes",)"
              R"("source":"company name: \"Lucky Spin Casinos\"; notes: \"online gambling )"
              R"(operator\"","evidence":"inferred"})");
    EXPECT_EQ(toJson(findings->getObject(3)),
              R"({"text":"Notes: online gambling operator","source":"notes","evidence":"client"})");
    EXPECT_EQ(output->getArray("warnings")->size(), 0u);
}

TEST_F(ResearchBasicEvidence, LinkedInUrlsAreProfileLinksNotCustomFields) {
    const auto output =
        research(R"({"email":"ann@initech.example","fullName":"Ann Lee","company":"Initech",)"
                 R"("linkedInUrl":"https://www.linkedin.com/in/ann",)"
                 R"("companyLinkedInUrl":"https://www.linkedin.com/company/initech"})");
    EXPECT_EQ(output->getObject("custom")->size(), 0u);
    EXPECT_EQ(
        output->getObject("profile")->getObject("contact")->getValue<std::string>("linkedinUrl"),
        "https://www.linkedin.com/in/ann");
    EXPECT_EQ(
        output->getObject("profile")->getObject("company")->getValue<std::string>("linkedinUrl"),
        "https://www.linkedin.com/company/initech");
    EXPECT_EQ(toJson(output->getObject("evidence")->getObject("company.linkedinUrl")),
              R"({"evidence":"client","source":"lead.companyLinkedInUrl"})");
    // The client's company data names the company's page first.
    const auto withCompany =
        research(R"({"email":"ann@initech.example","company":"Initech",)"
                 R"("companyLinkedInUrl":"https://www.linkedin.com/company/old"})",
                 R"("company":{"linkedinUrl":"https://www.linkedin.com/company/initech"})");
    EXPECT_EQ(toJson(withCompany->getObject("evidence")->getObject("company.linkedinUrl")),
              R"({"evidence":"client","source":"company.linkedinUrl"})");
}

TEST_F(ResearchBasicEvidence, TheClientsCompanyDataIsUsedAsSentAndSaysSo) {
    const auto output = research(
        R"({"email":"ada@engines.example","fullName":"Ada Lovelace","company":"Analytical )"
        R"(Engines","title":"VP Engineering","industry":"Software","companySize":"200"})",
        R"("notes":"runs an online casino on the side",)"
        R"("company":{"industry":"Software","employeeCount":200,)"
        R"("technologies":["HubSpot","Cloudflare"],"signals":{)"
        R"("recentFunding":{"amount":10000000,"date":"2024-03","round":"Series A"},)"
        R"("hiringSignals":{"isHiring":true,"openRoles":7,"departments":["Engineering","Sales"]},)"
        R"("newsSignals":{"recentNews":["Analytical Engines opens in Ontario"]},)"
        R"("leadershipChanges":{"newCeo":false,"newCro":true},)"
        R"("growthIndicators":{"employeeGrowth":0.25,"revenueGrowth":-0.1}}},)"
        R"("contact":{"bio":"Wrote the first program.","country":"UK","seniority":"Director"},)"
        R"("extraContext":{"source":"expo","budget":5000,"deal":{"stage":"warm"}})");
    const auto facts = strings(output->getArray("facts"));
    EXPECT_THAT(facts, Not(Contains(HasSubstr("enrichment skipped"))));
    EXPECT_THAT(
        facts,
        ElementsAre("Ada Lovelace works at Analytical Engines as VP Engineering",
                    "Works in Engineering at VP level",
                    "Company facts are the client's own company data (industry, employeeCount, "
                    "technologies, signals), used as sent instead of researched",
                    "Industry: Software", "Company size: 200 employees (51-200, mid-market)",
                    "Uses HubSpot and Cloudflare", "Latest funding: Series A 10,000,000 in 2024-03",
                    "Hiring: 7 open roles in Engineering and Sales",
                    "In the news: Analytical Engines opens in Ontario", "Has a new CRO",
                    "Headcount growth: 25%", "Revenue growth: -10%",
                    "Notes: runs an online casino on the side", "Bio: Wrote the first program.",
                    "source: expo", "budget: 5000", "deal.stage: warm"));
    std::vector<std::string> sources;
    const auto findings = output->getArray("findings");
    for (std::size_t i = 0; i < findings->size(); ++i) {
        sources.push_back(
            findings->getObject(static_cast<unsigned>(i))->getValue<std::string>("source"));
    }
    EXPECT_THAT(sources, Contains("company.signals.hiringSignals"));
    EXPECT_THAT(sources, Contains("company.signals.leadershipChanges"));
    EXPECT_THAT(sources, Contains("contact.bio"));
    EXPECT_THAT(sources, Contains("extraContext.deal.stage"));
    // The profile holds the client's data as sent, numbers as numbers, and infers no industry
    // from the notes where the client named one. Its seniority is the client's too.
    const auto profile = output->getObject("profile");
    EXPECT_EQ(
        toJson(profile->getObject("company")->getObject("signals")->getObject("hiringSignals")),
        R"({"isHiring":true,"openRoles":7,"departments":["Engineering","Sales"]})");
    EXPECT_EQ(profile->getObject("company")->getValue<std::string>("industry"), "Software");
    EXPECT_EQ(toJson(profile->getObject("contact")),
              R"({"bio":"Wrote the first program.","country":"UK","seniority":"Director",)"
              R"("department":"engineering"})");
    EXPECT_EQ(
        toJson(output->getObject("evidence")->getObject("company.signals.hiringSignals.openRoles")),
        R"({"evidence":"client","source":"company.signals.hiringSignals.openRoles"})");
    EXPECT_THAT(strings(output->getArray("sources")),
                ElementsAre("submitted form", "client-supplied company data", "job title", "notes",
                            "contact bio", "extra context"));
}

TEST_F(ResearchBasicEvidence, WhatTheClientsCompanyDataLeavesOutIsReadFromTheClientsWords) {
    const auto output =
        research(R"({"email":"sam@bluebird.example","fullName":"Sam Spade","company":"Bluebird",)"
                 R"("title":"VP of Sales","companySize":"240"})",
                 R"("notes":"Online gambling operator",)"
                 R"("company":{"employeeCount":240})");
    const auto company = output->getObject("profile")->getObject("company");
    EXPECT_EQ(company->getValue<std::string>("industry"), "Gambling");
    EXPECT_EQ(company->getValue<int>("employeeCount"), 240);
    EXPECT_EQ(toJson(output->getObject("evidence")->getObject("company.industry")),
              R"({"evidence":"inferred","source":"notes: \"Online gambling operator\""})");
    EXPECT_EQ(toJson(output->getObject("evidence")->getObject("company.employeeCount")),
              R"({"evidence":"client","source":"company.employeeCount"})");
}

TEST_F(ResearchBasicEvidence, AnEmailAloneGivesInferredValuesMarkedAsSuch) {
    const auto output = plugin_.runObject(R"({"lead":{"email":"bob@luckyspincasinos.com"}})");
    EXPECT_EQ(toJson(output->getObject("profile")), R"({"company":{"industry":"Gambling"}})");
    EXPECT_EQ(toJson(output->getObject("evidence")),
              R"({"company.industry":{"evidence":"inferred",)"
              R"("source":"domain: \"luckyspincasinos.com\""}})");
}

TEST_F(ResearchBasicEvidence, AFreeMailDomainInfersNothing) {
    // The same address infers Gambling from its domain until the domain is free mail.
    const std::string input = R"({"lead":{"email":"sam@luckycasino-mail.com"}})";
    EXPECT_EQ(plugin_.runObject(input)->getObject("company")->getValue<std::string>("industry"),
              "Gambling");
    LoadedPlugin freeMail(kResearchBasic, {"free_mail_domains: [luckycasino-mail.com]"});
    const auto output = freeMail.runObject(input);
    EXPECT_EQ(output->getObject("company")->size(), 0u);
    EXPECT_EQ(output->getObject("profile")->size(), 0u);
    EXPECT_EQ(output->getObject("evidence")->size(), 0u);
}

TEST_F(ResearchBasicEvidence, TheLeadsOwnIndustryAndSizeWinOverInference) {
    const auto output = plugin_.runObject(
        R"({"lead":{"email":"sam@luckyspin.example","company":"Lucky Spin Casinos",)"
        R"("industry":"SaaS","companySize":"11-50"},"notes":"a 400-person casino operator"})");
    EXPECT_EQ(toJson(output->getObject("profile")),
              R"({"company":{"industry":"Software","employeeRange":"11-50"}})");
    EXPECT_EQ(toJson(output->getObject("evidence")),
              R"({"company.industry":{"evidence":"client","source":"lead.industry"},)"
              R"("company.employeeRange":{"evidence":"client","source":"lead.companySize"}})");
}

TEST_F(ResearchBasicEvidence, InfersASizeBandFromAHeadcountInTheNotes) {
    const auto output =
        research(R"({"email":"kim@brightside.example","company":"Brightside"})",
                 R"("notes":"Spoke with Kim at the expo. They are a 40-person agency in Leeds )"
                 R"(and want to move off spreadsheets before the end of the year, budget )"
                 R"(permitting.")");
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("sizeBand"), "11-50");
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("sizeCategory"), "small");
    // A long note is quoted around the words the inference rests on, four words either side.
    const auto entry = output->getObject("evidence")->getObject("company.employeeRange");
    EXPECT_EQ(entry->getValue<std::string>("evidence"), "inferred");
    EXPECT_EQ(entry->getValue<std::string>("source"),
              "notes: \"\xE2\x80\xA6"  // an ellipsis
              "expo. They are a 40-person agency in Leeds and\xE2\x80\xA6\"");
}

TEST_F(ResearchBasicEvidence, WarnsOfWhatItCouldNotRead) {
    const auto output = plugin_.runObject(
        R"({"lead":{"email":"ada@acme.com","domain":"not a domain","companySize":"lots"}})");
    EXPECT_THAT(strings(output->getArray("warnings")),
                ElementsAre("The submitted domain \"not a domain\" is not a domain name",
                            "Company size as submitted: \"lots\" (not a headcount or size this "
                            "plugin knows)"));
}

}  // namespace
}  // namespace lodestone::plugins
