// research-web in lodestoned, end to end: a prospect added over the API is researched from its
// company's website (a fixture site on 127.0.0.1, reached through the plugin's resolve) and GET
// shows what was found, with each fact's page. The research step's own network policy decides
// whether that loopback address may be reached at all.
#include <Poco/JSON/Array.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "EngineSupport.hpp"
#include "support/FixtureSite.hpp"

namespace lodestone::test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

const char* const kCampaign = R"(- name: Outbound
  icp:
    threshold: 10
    criteria:
      seniority: { include: [vp, director, c_level], weight: 1 })";

const std::string kAda = R"({"companyName":"Acme Analytics","contactName":"Ada Lovelace",)"
                         R"("email":"ada@acme-fixture.example","title":"VP Engineering"})";

EngineSetup webResearch(const FixtureSite& site, bool allowPrivateNetworks) {
    EngineSetup setup;
    setup.realPlugins = true;
    setup.campaignsYaml = kCampaign;
    setup.extraYaml = "plugins:\n  web:\n    library: research-web\n    config:\n      resolve: " +
                      site.resolveYaml() +
                      "\n      page_timeout: 1s\n      max_pages: 6\n"
                      "pipeline:\n  research:\n    plugin: web\n    timeout: 30s\n"
                      "    allow_private_networks: " +
                      (allowPrivateNetworks ? "true" : "false") + "\n";
    return setup;
}

Poco::JSON::Object::Ptr settled(EngineDaemon& engine, const std::string& id) {
    return engine.waitForProspect("Outbound", id, [](const std::string& status) {
        return status == "qualified" || status == "disqualified" || status == "failed";
    });
}

std::vector<std::string> texts(const Poco::JSON::Array::Ptr& array) {
    std::vector<std::string> out;
    for (std::size_t i = 0; array && i < array->size(); ++i) {
        out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    }
    return out;
}

TEST(ResearchWebEndToEnd, AProspectIsResearchedFromItsCompanysWebsite) {
    FixtureSite site;
    EngineDaemon engine(webResearch(site, true));
    engine.start();
    const std::string id = engine.addLead("Outbound", kAda);
    auto prospect = settled(engine, id);
    ASSERT_EQ(prospect->getValue<std::string>("status"), "qualified")
        << prospect->get("error").toString();

    auto research = prospect->getObject("research");
    EXPECT_EQ(research->getValue<std::string>("status"), "completed");
    const auto summary = texts(research->getArray("summary"));
    EXPECT_THAT(summary, Contains("Acme Analytics was founded in 2011"));
    EXPECT_THAT(summary, Contains("Acme Analytics is hiring 3 people in Engineering and Sales"));

    auto found = research->getObject("findings");
    auto company = found->getObject("profile")->getObject("company");
    EXPECT_EQ(company->getValue<int>("employeeCount"), 240);
    EXPECT_EQ(company->getObject("signals")->getObject("hiringSignals")->getValue<int>("openRoles"),
              3);
    auto evidence = found->getObject("evidence");
    EXPECT_EQ(evidence->getObject("company.employeeCount")->getValue<std::string>("source"),
              "http://acme-fixture.example/");
    EXPECT_EQ(evidence->getObject("company.signals.hiringSignals.openRoles")
                  ->getValue<std::string>("source"),
              "http://acme-fixture.example/careers");
    EXPECT_THAT(texts(company->getArray("technologies")), Contains("HubSpot"));
    EXPECT_EQ(found->getObject("company")->getValue<std::string>("sizeBand"), "201-500");
    // The pages research could not read are warnings, not a failed step.
    EXPECT_THAT(found->getArray("warnings")->size(), ::testing::Ge(3u));
    EXPECT_GE(site.hits(FixtureSite::kAcme, "/careers"), 1);
}

TEST(ResearchWebEndToEnd, TheLoopbackSiteIsRefusedWhenPrivateNetworksAreNotAllowed) {
    FixtureSite site;
    EngineDaemon engine(webResearch(site, false));
    engine.start();
    const std::string id = engine.addLead("Outbound", kAda);
    auto prospect = settled(engine, id);
    auto research = prospect->getObject("research");
    EXPECT_EQ(research->getValue<std::string>("status"), "completed");
    std::string warnings;
    for (const auto& warning : texts(research->getObject("findings")->getArray("warnings"))) {
        warnings += warning + "\n";
    }
    EXPECT_THAT(warnings, HasSubstr("(a loopback address), where connectTo sends "
                                    "acme-fixture.example:80; set "
                                    "pipeline.research.allow_private_networks: true to allow it"));
    EXPECT_TRUE(site.requests().empty());
}

// Lead-magnet research runs with the same outbound HTTP: the company's name on the page comes
// from its website when the lead gives none.
TEST(ResearchWebEndToEnd, ALeadMagnetIsWrittenFromTheCompanysWebsite) {
    FixtureSite site;
    EngineDaemon engine(webResearch(site, true));
    engine.start();
    auto [leadId, jobId] = engine.createJob(R"({"email":"ada@acme-fixture.example"})");
    auto job = engine.waitUntilFinished(jobId);
    ASSERT_EQ(job->getValue<std::string>("status"), "completed");
    auto page = httpRequest(engine.port(), "GET", "/m/" + leadId);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, HasSubstr("Acme Analytics Ltd"));
    EXPECT_EQ(site.hits(FixtureSite::kAcme, "/"), 1);
}

}  // namespace
}  // namespace lodestone::test
