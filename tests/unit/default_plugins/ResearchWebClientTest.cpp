// research-web and what the client sent: merged into profile and findings with evidence
// "client", LinkedIn URLs as profile links, skipCompanyEnrichment respected; and its config,
// refused at load when it cannot work.
#include <filesystem>
#include <fstream>

#include "ResearchWebSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using test::FixtureSite;
using ::testing::HasSubstr;

const std::string kProspect = R"({"jobId":"job_2","kind":"prospect","prospectId":"prospect_1",
 "lead":{"email":"grace@acme-fixture.example","fullName":"Grace Hopper",
         "company":"Acme Analytics","domain":"acme-fixture.example","title":"Head of Sales",
         "linkedInUrl":"https://www.linkedin.com/in/grace-example",
         "industry":"Fintech","companySize":"1000"},
 "notes":"Met at the expo; asked about forecasting.",
 "contact":{"bio":"Twenty years in B2B sales.","country":"Malta"},
 "company":{"industry":"Fintech","employeeCount":1000,"technologies":["Salesforce"],
            "signals":{"hiringSignals":{"isHiring":false}}},
 "extraContext":{"budget":"50k","companyPage":"https://www.linkedin.com/company/acme-fixture"},
 "skipCompanyEnrichment":true,
 "campaign":{"id":"campaign_1","name":"Q3"}})";

TEST(ResearchWebClient, MergesWhatTheClientSentWithEvidenceClient) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(kProspect));
    EXPECT_EQ(profileAt(output, "company.industry").toString(), "Fintech");
    EXPECT_EQ(evidenceOf(output, "company.industry"),
              std::make_pair(std::string("client"), std::string("company.industry")));
    EXPECT_EQ(profileAt(output, "company.employeeCount").convert<int>(), 1000);
    EXPECT_FALSE(profileAt(output, "company.signals.hiringSignals.isHiring").convert<bool>());
    EXPECT_EQ(evidenceOf(output, "company.signals.hiringSignals.isHiring").first, "client");
    EXPECT_EQ(profileAt(output, "contact.bio").toString(), "Twenty years in B2B sales.");
    EXPECT_EQ(evidenceOf(output, "contact.bio").second, "contact.bio");
    EXPECT_EQ(findingWith(output, "Client notes: Met at the expo").evidence, "client");
    EXPECT_EQ(findingWith(output, "Client notes: Met at the expo").source, "notes");
    EXPECT_EQ(findingWith(output, "contact.bio is Twenty years").evidence, "client");
    EXPECT_EQ(findingWith(output, "company.technologies is Salesforce").source,
              "company.technologies");
    EXPECT_EQ(findingWith(output, "extraContext.budget is 50k").evidence, "client");

    // LinkedIn URLs are profile links, wherever the client put them.
    EXPECT_EQ(profileAt(output, "contact.linkedinUrl").toString(),
              "https://www.linkedin.com/in/grace-example");
    EXPECT_EQ(evidenceOf(output, "contact.linkedinUrl").second, "linkedInUrl");
    EXPECT_EQ(profileAt(output, "company.linkedinUrl").toString(),
              "https://www.linkedin.com/company/acme-fixture");
    EXPECT_EQ(evidenceOf(output, "company.linkedinUrl").second, "extraContext.companyPage");
    EXPECT_EQ(output->getObject("custom")->size(), 0u);

    auto company = output->getObject("company");
    EXPECT_EQ(company->getValue<std::string>("industry"), "Financial Services");
    EXPECT_EQ(company->getValue<std::string>("sizeBand"), "501-1000");
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("seniority"), "head");
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("department"), "sales");
}

TEST(ResearchWebClient, SkipCompanyEnrichmentReadsNoPage) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(kProspect));
    EXPECT_TRUE(site.requests().empty());
    EXPECT_EQ(findingWith(output, "its website was not read").source, "skipCompanyEnrichment");
}

TEST(ResearchWebClient, CustomFieldsStayButLinkedInUrlsBecomeProfileLinks) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"max_pages: 0"});
    auto output = parseObject(plugin.run(
        leadAt(FixtureSite::kAcme, R"(,"source":"webinar","customFields":{"profile":)"
                                   R"("https://linkedin.com/in/ada-example","seats":12})")));
    auto custom = output->getObject("custom");
    EXPECT_EQ(custom->getValue<std::string>("source"), "webinar");
    EXPECT_EQ(custom->getValue<int>("seats"), 12);
    EXPECT_FALSE(custom->has("profile"));
    EXPECT_EQ(profileAt(output, "contact.linkedinUrl").toString(),
              "https://linkedin.com/in/ada-example");
    EXPECT_EQ(evidenceOf(output, "contact.linkedinUrl").second, "lead.profile");
}

TEST(ResearchWebClient, AFreeMailAddressNamesNoWebsite) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(
        plugin.run(R"({"jobId":"j","lead":{"email":"ada@gmail.com","fullName":"Ada Lovelace"}})"));
    EXPECT_THAT(allWarnings(output), HasSubstr("the email address is at gmail.com, a free-mail"));
    EXPECT_TRUE(site.requests().empty());
}

TEST(ResearchWebClient, WithoutOutboundHttpItReturnsAWarningNotAFailure) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.runOffline(leadAt(FixtureSite::kAcme)));
    EXPECT_THAT(allWarnings(output), HasSubstr("outbound HTTP is not available"));
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("fullName"), "Ada Lovelace");
}

TEST(ResearchWebClient, AnInputWithoutALeadIsInvalid) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    for (const std::string input : {"[]", R"({"lead":{}})", R"({"jobId":"j"})"}) {
        try {
            plugin.run(input);
            ADD_FAILURE() << "accepted " << input;
        } catch (const PluginError& e) {
            EXPECT_EQ(e.status(), LODESTONE_ERROR_INVALID_INPUT) << e.what();
        }
    }
}

TEST(ResearchWebConfig, RefusesWhatCannotWorkNamingTheKey) {
    const auto firstError = [](const std::vector<std::string>& lines) {
        const auto errors = loadErrors(kResearchWeb, lines);
        return errors.empty() ? std::string("loaded") : errors.front();
    };
    EXPECT_THAT(firstError({"max_pages: 21"}), HasSubstr("max_pages: must be between 0 and 20"));
    EXPECT_THAT(firstError({"page_bytes: 10"}), HasSubstr("page_bytes: must be between 1024"));
    EXPECT_THAT(firstError({"page_timeout: 30s", "step_budget: 10s"}),
                HasSubstr("page_timeout: must not be longer than step_budget"));
    EXPECT_THAT(firstError({"resolve: {acme.example: localhost}"}),
                HasSubstr("resolve.acme.example: \"localhost\" has no port"));
    EXPECT_THAT(firstError({"resolve: {acme.example: \"db.internal:80\"}"}),
                HasSubstr("is not an IP address and port"));
    EXPECT_THAT(firstError({"resolve: {\"acme.example/x\": \"127.0.0.1:80\"}"}),
                HasSubstr("is not a host name"));
    EXPECT_THAT(firstError({"user_agent: \"a\\nb\""}), HasSubstr("user_agent: must be printable"));
    EXPECT_THAT(firstError({"fingerprints: /nonexistent/technologies.json"}),
                HasSubstr("fingerprints: cannot read \"/nonexistent/technologies.json\""));
    EXPECT_EQ(firstError({"resolve: {acme.example: \"[::1]:8080\"}"}), "loaded");
}

TEST(ResearchWebConfig, ABrokenFingerprintFileNamesTheTechnologyAndKey) {
    const std::string path = "/tmp/lodestone-default-plugin-tests-fingerprints.json";
    std::ofstream(path) << R"({"technologies": {"Oops": {"cats": [1], "scriptSrc": "(unclosed"}}})";
    const auto errors = loadErrors(kResearchWeb, {"fingerprints: " + path});
    ASSERT_FALSE(errors.empty());
    EXPECT_THAT(errors.front(), HasSubstr("technology \"Oops\": scriptSrc: the pattern"));
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace lodestone::plugins::testing
