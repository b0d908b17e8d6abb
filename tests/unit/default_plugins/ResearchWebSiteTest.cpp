// research-web reading the fixture company's website: every fact with the page it came from,
// redirects followed up to three and no further, and the pages it could not read as warnings.
#include "ResearchWebSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

using test::FixtureSite;
using ::testing::ContainsRegex;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

const std::vector<std::string> kAllPages = {"max_pages: 6", "page_timeout: 1s",
                                            "page_bytes: 65536"};

class ResearchWebSite : public ::testing::Test {
  protected:
    static std::string home() { return FixtureSite::url(FixtureSite::kAcme, "/"); }
    static std::string page(const std::string& path) {
        return FixtureSite::url(FixtureSite::kAcme, path);
    }

    // One research of the acme site for the whole suite: each test looks at part of it.
    static void SetUpTestSuite() {
        site_ = new FixtureSite();
        const ResearchWeb plugin(*site_, kAllPages);
        output_ = parseObject(plugin.run(leadAt(FixtureSite::kAcme)));
    }
    static void TearDownTestSuite() {
        output_ = nullptr;
        delete site_;
    }

    static FixtureSite* site_;
    static Poco::JSON::Object::Ptr output_;
};

FixtureSite* ResearchWebSite::site_ = nullptr;
Poco::JSON::Object::Ptr ResearchWebSite::output_;

TEST_F(ResearchWebSite, ReadsWhatTheOrganisationSaysOfItselfWithItsPage) {
    EXPECT_EQ(profileAt(output_, "company.website").toString(), home());
    EXPECT_EQ(evidenceOf(output_, "company.website"),
              std::make_pair(std::string("research"), home()));
    EXPECT_EQ(profileAt(output_, "company.description").toString(),
              "Acme Analytics builds revenue forecasting software for B2B sales teams.");
    EXPECT_EQ(evidenceOf(output_, "company.description").second, home());
    EXPECT_EQ(profileAt(output_, "company.foundedYear").convert<int>(), 2011);
    EXPECT_EQ(evidenceOf(output_, "company.foundedYear").second, home());
    EXPECT_EQ(profileAt(output_, "company.employeeCount").convert<int>(), 240);
    EXPECT_EQ(evidenceOf(output_, "company.employeeCount").second, home());
    EXPECT_EQ(profileAt(output_, "company.employeeRange").toString(), "201-500");
    EXPECT_EQ(evidenceOf(output_, "company.employeeRange"),
              std::make_pair(std::string("inferred"), std::string("company.employeeCount 240")));
    EXPECT_EQ(profileAt(output_, "company.industry").toString(), "Software for revenue teams");
    EXPECT_EQ(evidenceOf(output_, "company.industry").second, home());
    EXPECT_EQ(findingWith(output_, "names the company Acme Analytics Ltd").source, home());
    EXPECT_EQ(findingWith(output_, "was founded in 2011").source, home());
    EXPECT_EQ(findingWith(output_, "has 240 employees").source, home());
    EXPECT_EQ(findingWith(output_, "headline: Forecast revenue you can trust").source, home());
    EXPECT_EQ(findingWith(output_, "shows every deal's real chance of closing").source, home());
}

TEST_F(ResearchWebSite, TheContractsCompanyAndPersonComeFromTheLeadAndTheSite) {
    auto company = output_->getObject("company");
    EXPECT_EQ(company->getValue<std::string>("name"), "Acme Analytics Ltd");
    EXPECT_EQ(company->getValue<std::string>("domain"), FixtureSite::kAcme);
    EXPECT_EQ(company->getValue<std::string>("industry"), "Software");
    EXPECT_EQ(company->getValue<std::string>("sizeBand"), "201-500");
    EXPECT_EQ(company->getValue<std::string>("sizeCategory"), "mid_market");
    auto person = output_->getObject("person");
    EXPECT_EQ(person->getValue<std::string>("firstName"), "Ada");
    EXPECT_EQ(person->getValue<std::string>("seniority"), "vp");
    EXPECT_EQ(person->getValue<std::string>("department"), "engineering");
    EXPECT_EQ(strings(output_->getArray("sources")).front(), "submitted form");
}

TEST_F(ResearchWebSite, FindsTheHeadquartersOnTheAboutPageTwoRedirectsAway) {
    const std::string about = page("/company/about");
    EXPECT_EQ(profileAt(output_, "company.headquarters").toString(), "Valletta");
    EXPECT_EQ(profileAt(output_, "company.country").toString(), "Malta");
    EXPECT_EQ(evidenceOf(output_, "company.headquarters").second, about);
    EXPECT_EQ(findingWith(output_, "is based in Valletta, Malta").source, about);
    EXPECT_EQ(site_->hits(FixtureSite::kAcme, "/about"), 1);
    EXPECT_EQ(site_->hits(FixtureSite::kAcme, "/about-us"), 1);
    EXPECT_THAT(strings(output_->getArray("sources")), ::testing::Contains(about));
}

// A list of strings in the profile.
std::vector<std::string> listAt(const Poco::JSON::Object::Ptr& output, const std::string& path) {
    const auto value = profileAt(output, path);
    if (value.type() != typeid(Poco::JSON::Array::Ptr)) return {};
    return strings(value.extract<Poco::JSON::Array::Ptr>());
}

TEST_F(ResearchWebSite, ReadsHiringFromTheCareersPagesJobPostings) {
    const std::string careers = page("/careers");
    EXPECT_TRUE(profileAt(output_, "company.signals.hiringSignals.isHiring").convert<bool>());
    EXPECT_EQ(profileAt(output_, "company.signals.hiringSignals.openRoles").convert<int>(), 3);
    EXPECT_THAT(listAt(output_, "company.signals.hiringSignals.departments"),
                ElementsAre("Engineering", "Sales"));
    EXPECT_EQ(evidenceOf(output_, "company.signals.hiringSignals.openRoles"),
              std::make_pair(std::string("research"), careers));
    EXPECT_EQ(findingWith(output_, "is hiring 3 people in Engineering and Sales").source, careers);
    EXPECT_EQ(
        findingWith(output_, "Open role: Senior Backend Engineer (Engineering, Valletta)").source,
        careers);
    EXPECT_EQ(findingWith(output_, "Open role: Account Executive, DACH (Sales, Remote)").source,
              careers);
}

TEST_F(ResearchWebSite, ReadsRecentNewsNewestFirstWithDates) {
    const std::string blog = page("/blog");
    EXPECT_THAT(listAt(output_, "company.signals.newsSignals.recentNews"),
                ElementsAre("Acme opens Berlin office", "Acme raises Series B",
                            "Acme joins the Revenue Summit", "Year in review"));
    EXPECT_EQ(evidenceOf(output_, "company.signals.newsSignals.recentNews").second, blog);
    EXPECT_EQ(findingWith(output_, "News (2026-03-02): Acme opens Berlin office").source, blog);
    EXPECT_EQ(findingWith(output_, "News (2025-11-20): Acme joins the Revenue Summit").source,
              blog);
}

TEST_F(ResearchWebSite, DetectsTechnologiesFromScriptsHeadersCookiesMetaAndMarkup) {
    const auto technologies = listAt(output_, "company.technologies");
    for (const char* expected : {"WordPress", "Google Tag Manager", "HubSpot", "Cloudflare",
                                 "jQuery", "PHP", "MySQL", "Greenhouse"}) {
        EXPECT_THAT(technologies, ::testing::Contains(expected)) << toJson(output_);
    }
    EXPECT_EQ(evidenceOf(output_, "company.technologies").second, home());
    EXPECT_THAT(listAt(output_, "company.techCategories"), ::testing::Contains("CDN"));
    EXPECT_EQ(findingWith(output_, "Technologies seen on " + home()).source, home());
    // Greenhouse only shows on the careers page, in a link to its job board.
    EXPECT_THAT(findingWith(output_, "Technologies seen on " + page("/careers")).text,
                HasSubstr("Greenhouse"));
}

TEST_F(ResearchWebSite, ClassifiesSocialLinksAndReportsContactDetails) {
    EXPECT_EQ(profileAt(output_, "company.linkedinUrl").toString(),
              "https://www.linkedin.com/company/acme-fixture");
    EXPECT_EQ(evidenceOf(output_, "company.linkedinUrl").second, home());
    EXPECT_EQ(findingWith(output_,
                          "LinkedIn profile linked from the website: "
                          "https://www.linkedin.com/in/ada-example")
                  .source,
              home());
    EXPECT_EQ(findingWith(output_, "on X: https://x.com/acmefixture").source, home());
    EXPECT_EQ(findingWith(output_, "on GitHub: https://github.com/acme-fixture").source, home());
    EXPECT_EQ(findingWith(output_, "Email address shown on the website: sales@acme-fixture.example")
                  .source,
              home());
    EXPECT_EQ(findingWith(output_, "support@acme-fixture.example").source, home());
    EXPECT_EQ(findingWith(output_, "Phone number shown on the website: +356 2123 4567").source,
              home());
    EXPECT_THAT(toJson(output_), Not(HasSubstr("logo@2x")));
    // Person profiles are links, never custom fields.
    EXPECT_EQ(output_->getObject("custom")->size(), 0u);
}

TEST_F(ResearchWebSite, StopsAfterThreeRedirects) {
    EXPECT_THAT(allWarnings(output_),
                HasSubstr(page("/customers") + ": more than 3 redirects (the last to " +
                          page("/customers/4") + "); skipped"));
    EXPECT_EQ(site_->hits(FixtureSite::kAcme, "/customers/3"), 1);
    EXPECT_EQ(site_->hits(FixtureSite::kAcme, "/customers/4"), 0);
}

TEST_F(ResearchWebSite, MovesOnFromAPageThatNeverAnswersWithinPageTimeout) {
    // Its page_timeout (1 s, less what went before the request) ended the read, not the step's
    // budget (20 s) or the run's deadline (30 s). No timing is asserted.
    EXPECT_THAT(allWarnings(output_),
                ContainsRegex("/pricing: timed out after (9[0-9][0-9]|1000) ms"));
}

TEST_F(ResearchWebSite, ReadsOnlyPageBytesOfALargePage) {
    EXPECT_THAT(allWarnings(output_),
                HasSubstr(page("/team") + ": larger than page_bytes (64 KiB); only its "
                                          "first 64 KiB were read"));
    EXPECT_EQ(findingWith(output_, "presents its team").source, page("/team"));
    EXPECT_THAT(toJson(output_), Not(HasSubstr("Hidden past the cap")));
}

TEST_F(ResearchWebSite, TriesHttpsFirstAndFallsBackToHttp) {
    EXPECT_THAT(allWarnings(output_), HasSubstr("https://acme-fixture.example/: TLS"));
    EXPECT_EQ(strings(output_->getArray("sources"))[1], home());
}

TEST_F(ResearchWebSite, ReadsNoMoreThanMaxPagesAndNothingOffSite) {
    // The home page over https and http, then six pages, three of them through redirects.
    for (const auto& request : site_->requests()) {
        EXPECT_THAT(request, ::testing::StartsWith(std::string(FixtureSite::kAcme) + " "));
        EXPECT_THAT(request, Not(HasSubstr("login")));
    }
    EXPECT_EQ(site_->hits(FixtureSite::kAcme, "/"), 1);
}

TEST(ResearchWebMaxPages, ReadsAtMostMaxPagesAfterTheHome) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"max_pages: 1"});
    auto output = plugin.research(leadAt(FixtureSite::kAcme));
    // The first kind in order: careers, the hiring signal.
    // The pages read, after the kinds of input research-basic read from the lead.
    std::vector<std::string> pages;
    for (const auto& source : strings(output->getArray("sources"))) {
        if (source.starts_with("http")) pages.push_back(source);
    }
    EXPECT_THAT(pages, ElementsAre(FixtureSite::url(FixtureSite::kAcme, "/"),
                                   FixtureSite::url(FixtureSite::kAcme, "/careers")));
    EXPECT_EQ(site.requests().size(), 2u);  // the https attempt never reaches the server as HTTP
}

TEST(ResearchWebMaxPages, ZeroReadsTheHomePageOnly) {
    FixtureSite site;
    const ResearchWeb plugin(site, {"max_pages: 0"});
    plugin.research(leadAt(FixtureSite::kAcme));
    EXPECT_THAT(site.requests(), ElementsAre(std::string(FixtureSite::kAcme) + " /"));
}

}  // namespace
}  // namespace lodestone::plugins::testing
