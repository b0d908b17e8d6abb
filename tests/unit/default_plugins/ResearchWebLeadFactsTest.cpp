// research-web starts from research-basic's reading of the lead and the client's data: a site
// that cannot be read still yields what the lead and the notes say, and a fact read on the site
// is never replaced by an inferred one.
#include "ResearchWebSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using test::FixtureSite;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// Lucky Spin's website is at a port nothing listens on.
const std::string kUnreachable = R"(resolve: {lsg-fixture.example: "127.0.0.1:1"})";
const std::string kLuckySpin =
    R"({"jobId":"job_1","lead":{"email":"sam@lsg-fixture.example","company":"Lucky Spin Casinos",)"
    R"("title":"Leiterin Vertrieb","companySize":"2,500"},)"
    R"("notes":"Online gambling operator, sportsbook and slots"})";

TEST(ResearchWebLeadFacts, AnUnreachableSiteStillYieldsWhatTheLeadAndNotesSay) {
    FixtureSite site;
    const ResearchWeb plugin(site, {kUnreachable, "max_pages: 0"});
    const auto output = plugin.research(kLuckySpin);
    EXPECT_THAT(allWarnings(output), HasSubstr("lsg-fixture.example"));

    const auto company = output->getObject("company");
    EXPECT_EQ(company->getValue<std::string>("name"), "Lucky Spin Casinos");
    EXPECT_EQ(company->getValue<std::string>("industry"), "Gambling");
    EXPECT_EQ(profileAt(output, "company.industry").toString(), "Gambling");
    EXPECT_EQ(evidenceOf(output, "company.industry").first, "inferred");
    EXPECT_THAT(evidenceOf(output, "company.industry").second, HasSubstr("notes: "));
    EXPECT_THAT(strings(output->getArray("facts")), Contains(HasSubstr("Industry: Gambling")));

    // The size as given, and its band.
    EXPECT_EQ(profileAt(output, "company.employeeCount").convert<int>(), 2500);
    EXPECT_EQ(evidenceOf(output, "company.employeeCount"),
              std::make_pair(std::string("client"), std::string("lead.companySize")));
    EXPECT_EQ(company->getValue<std::string>("sizeBand"), "1001-5000");
    EXPECT_EQ(company->getValue<std::string>("sizeCategory"), "enterprise");

    // The title as research-basic reads it.
    const auto person = output->getObject("person");
    EXPECT_EQ(person->getValue<std::string>("seniority"), "head");
    EXPECT_EQ(person->getValue<std::string>("department"), "sales");
    EXPECT_EQ(profileAt(output, "contact.department").toString(), "sales");
}

TEST(ResearchWebLeadFacts, WhatTheSiteSaysWinsOverWhatIsInferred) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"max_pages: 0"});
    const auto output = plugin.research(
        R"({"jobId":"j","lead":{"email":"ada@acme-fixture.example","fullName":"Ada Lovelace",)"
        R"("domain":"acme-fixture.example","title":"VP of Engineering"},)"
        R"("notes":"Online gambling operator"})");
    // The home page's JSON-LD names the industry: read, not inferred from the notes.
    EXPECT_EQ(profileAt(output, "company.industry").toString(), "Software for revenue teams");
    EXPECT_EQ(evidenceOf(output, "company.industry").first, "research");
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("industry"), "Software");
    EXPECT_THAT(strings(output->getArray("facts")), Not(Contains(HasSubstr("Gambling"))));
    // The seniority inferred from the title fills what the site left open.
    EXPECT_EQ(evidenceOf(output, "contact.seniority").first, "inferred");
    EXPECT_EQ(profileAt(output, "contact.seniority").toString(), "vp");
}

}  // namespace
}  // namespace lodestone::plugins::testing
