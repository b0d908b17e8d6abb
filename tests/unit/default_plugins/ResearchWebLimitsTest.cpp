// research-web's limits under sites that misbehave: slow, redirecting without end, pointing at
// forbidden addresses, malformed, in another charset. Whatever the site does, the run returns in
// time with what it could read and says what it could not.
#include <thread>

#include "ResearchWebSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using namespace std::chrono_literals;
using test::FixtureSite;
using ::testing::HasSubstr;
using ::testing::Not;

// The slow site's pages never answer: in these tests only the limit under test ends a read, or
// the ctest timeout does, which is the guard. No timing is asserted.
TEST(ResearchWebLimits, KeepsToTheStepBudgetWhenEveryPageHangs) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"page_timeout: 800ms", "step_budget: 2s", "max_pages: 6"});
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kSlow)));
    const std::string warnings = allWarnings(output);
    EXPECT_THAT(warnings, HasSubstr("step_budget spent"));
    EXPECT_THAT(warnings,
                HasSubstr(FixtureSite::url(FixtureSite::kSlow, "/careers") + ": timed out"));
    // What the home page said is still reported.
    EXPECT_THAT(strings(output->getArray("sources")),
                ::testing::Contains(FixtureSite::url(FixtureSite::kSlow, "/")));
}

TEST(ResearchWebLimits, EndsBeforeTheRunsDeadlineWithWhatItRead) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"page_timeout: 1500ms", "step_budget: 60s", "max_pages: 6"});
    // "step_budget spent" under a budget of a minute: the run's deadline ended the reading, and
    // the run still returned what it had read.
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kSlow), 2500ms));
    EXPECT_THAT(allWarnings(output), HasSubstr("step_budget spent"));
}

TEST(ResearchWebLimits, StopsPromptlyWhenTheRunIsCancelled) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"page_timeout: 30s", "step_budget: 60s"});
    RunControl control(RunControl::deadlineIn(60s));
    // Cancelled while a page that never answers is being read: the read ends with the cancel,
    // not at its page_timeout.
    std::thread canceller([&control, &site] {
        for (int look = 0; look < 3000 && site.requests().size() < 2; ++look) {
            std::this_thread::sleep_for(10ms);  // until the home page and the first link were asked
        }
        std::this_thread::sleep_for(100ms);
        control.cancel();
    });
    try {
        plugin.run(leadAt(FixtureSite::kSlow), control);
        ADD_FAILURE() << "a cancelled run returned";
    } catch (const PluginError& e) {
        EXPECT_EQ(e.status(), LODESTONE_ERROR_CANCELLED) << e.what();
        EXPECT_THAT(e.what(), HasSubstr("cancelled while"));
    }
    canceller.join();
}

// The name is mapped by resolve, and the address it maps to is checked all the same.
TEST(ResearchWebLimits, ALoopbackAddressIsRefusedUnlessPrivateNetworksAreAllowed) {
    FixtureSite site;
    const ResearchWeb plugin(site, {}, false);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kAcme)));
    EXPECT_THAT(allWarnings(output),
                HasSubstr("http://acme-fixture.example/: refused to connect to " + site.address() +
                          " (a loopback address), where connectTo sends acme-fixture.example:80; "
                          "set pipeline.research.allow_private_networks: true to allow it"));
    EXPECT_THAT(allWarnings(output), HasSubstr("no page of acme-fixture.example could be read"));
    EXPECT_TRUE(site.requests().empty());
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("email"),
              "ada@acme-fixture.example");
}

TEST(ResearchWebLimits, EveryRedirectTargetIsCheckedByTheHost) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kMetadata)));
    EXPECT_THAT(allWarnings(output),
                HasSubstr("http://169.254.169.254/latest/meta-data/iam/: refused to connect to "
                          "169.254.169.254:80 (a cloud metadata address)"));
    EXPECT_EQ(site.hits(FixtureSite::kMetadata, "/"), 1);
}

TEST(ResearchWebLimits, AHomePageRedirectingForeverIsAWarning) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kLoop)));
    EXPECT_THAT(allWarnings(output),
                HasSubstr("http://loop-fixture.example/: more than 3 redirects"));
    EXPECT_EQ(site.hits(FixtureSite::kLoop, "/4"), 0);
    // Nothing of the company; only the seniority and department the title gives.
    EXPECT_FALSE(output->getObject("profile")->has("company"));
    EXPECT_EQ(output->getObject("profile")->getObject("contact")->size(), 2u);
}

TEST(ResearchWebLimits, FollowsTheHomePageToItsWwwName) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kShort)));
    const std::string www = "http://www.short-fixture.example/";
    EXPECT_EQ(profileAt(output, "company.website").toString(), www);
    EXPECT_EQ(profileAt(output, "company.description").toString(), "Short Co makes short things.");
    EXPECT_EQ(evidenceOf(output, "company.description").second, www);
}

TEST(ResearchWebLimits, DecodesAPageInWindows1252) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kLatin)));
    const std::string home = FixtureSite::url(FixtureSite::kLatin, "/");
    EXPECT_EQ(profileAt(output, "company.description").toString(),
              "Caf\xC3\xA9 Lumi\xC3\xA8re \xE2\x80\x93 torr\xC3\xA9"
              "faction artisanale depuis "
              "1998, 4 \xE2\x82\xAC le paquet");
    EXPECT_EQ(findingWith(output,
                          "headline: Bienvenue \xE2\x80\x9C"
                          "chez nous\xE2\x80\x9D")
                  .source,
              home);
    EXPECT_EQ(findingWith(output,
                          "Nous torr\xC3\xA9"
                          "fions nos caf\xC3\xA9s \xC3\xA0 Lyon")
                  .source,
              home);
    EXPECT_THAT(toJson(output), Not(HasSubstr("\xEF\xBF\xBD")));
}

TEST(ResearchWebLimits, ReadsWhatItCanOfMalformedHtml) {
    FixtureSite site;
    const ResearchWeb plugin(site);
    auto output = parseObject(plugin.run(leadAt(FixtureSite::kBroken)));
    const std::string home = FixtureSite::url(FixtureSite::kBroken, "/");
    // Of two JSON-LD blocks the one that parses counts; the other is skipped.
    EXPECT_EQ(profileAt(output, "company.foundedYear").convert<int>(), 1999);
    EXPECT_EQ(findingWith(output, "names the company Broken Ltd").source, home);
    EXPECT_EQ(profileAt(output, "company.description").toString(), "Unquoted-description");
    EXPECT_EQ(findingWith(output, "Para one bold both italic? still here").source, home);
    EXPECT_THAT(allWarnings(output), HasSubstr(home + ": elements nested deeper than 256"));
    // Its careers link is followed (and 404s); javascript:, bad and mailto: junk is not.
    EXPECT_THAT(allWarnings(output), HasSubstr(FixtureSite::url(FixtureSite::kBroken, "/careers") +
                                               ": HTTP 404; skipped"));
}

}  // namespace
}  // namespace lodestone::plugins::testing
