// content/template through its real library with the built-in template: sections chosen by
// who the lead is, personalisation, config, plain text (no HTML escaping), progress,
// cancellation, refused input, determinism, and the research -> content pipeline end to end.
#include <algorithm>
#include <iterator>
#include <set>
#include <thread>

#include "unit/default_plugins/ContentTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;
using ::testing::Not;
using namespace testing;

const Profile kExecutiveAtEnterpriseBank{
    .fullName = "Grace Hopper",
    .firstName = "Grace",
    .title = "Chief Executive Officer",
    .seniority = "executive",
    .department = "executive",
    .company = "Hopper Capital",
    .industry = "Financial Services",
    .sizeBand = "5001-10000",
    .sizeCategory = "enterprise",
};

const Profile kEngineerAtSmallSoftware{
    .fullName = "Ada Lovelace",
    .firstName = "Ada",
    .title = "Software Engineer",
    .seniority = "individual_contributor",
    .department = "engineering",
    .company = "Analytical Engines",
    .industry = "Software",
    .sizeBand = "11-50",
    .sizeCategory = "small",
};

const Profile kMarketingManagerAtMidMarketHealthcare{
    .fullName = "Florence Nightingale",
    .firstName = "Florence",
    .title = "Marketing Manager",
    .seniority = "manager",
    .department = "marketing",
    .company = "Lamp Health",
    .industry = "Healthcare",
    .sizeBand = "201-500",
    .sizeCategory = "mid_market",
};

class ContentTemplate : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr document(const Profile& profile) const {
        return plugin_.runObject(contentInput(researchFor(profile)));
    }
    std::set<std::string> headingSet(const Profile& profile) const {
        const auto list = headings(document(profile));
        return {list.begin(), list.end()};
    }

    LoadedPlugin plugin_{kContentTemplate};
};

TEST_F(ContentTemplate, ChoosesDifferentSectionsForDifferentLeads) {
    const auto executive = headingSet(kExecutiveAtEnterpriseBank);
    const auto engineer = headingSet(kEngineerAtSmallSoftware);
    const auto marketer = headingSet(kMarketingManagerAtMidMarketHealthcare);
    EXPECT_THAT(executive, IsSupersetOf({"Governance: who owns the pipeline number",
                                         "Making the ROI case", "Risk and control at scale",
                                         "Outreach that passes compliance review"}));
    EXPECT_THAT(
        engineer,
        IsSupersetOf({"Your first 30 days: a hands-on setup", "Doing more with a small team",
                      "Product signals worth acting on", "Instrumentation you can trust"}));
    EXPECT_THAT(marketer, IsSupersetOf({"A weekly pipeline review that changes things",
                                        "Scaling what already works",
                                        "Earning trust with clinical and compliance buyers",
                                        "From lead magnet to qualified meeting"}));
    for (const auto* headingsOf : {&executive, &engineer, &marketer}) {
        EXPECT_GE(headingsOf->size(), 4u);
        EXPECT_LE(headingsOf->size(), 6u);
    }
    // Not even the opening is shared: its heading names the company.
    std::vector<std::string> shared;
    std::set_intersection(executive.begin(), executive.end(), engineer.begin(), engineer.end(),
                          std::back_inserter(shared));
    EXPECT_THAT(shared, ::testing::IsEmpty());
}

TEST_F(ContentTemplate, ChangesSectionsWithEachFacetAlone) {
    const auto base = headingSet(kEngineerAtSmallSoftware);
    Profile otherIndustry = kEngineerAtSmallSoftware;
    otherIndustry.industry = "Manufacturing";
    Profile otherSize = kEngineerAtSmallSoftware;
    otherSize.sizeBand = "1001-5000";
    otherSize.sizeCategory = "enterprise";
    Profile otherSeniority = kEngineerAtSmallSoftware;
    otherSeniority.seniority = "vp";
    Profile otherDepartment = kEngineerAtSmallSoftware;
    otherDepartment.department = "sales";
    for (const Profile* profile : {&otherIndustry, &otherSize, &otherSeniority, &otherDepartment}) {
        SCOPED_TRACE(profile->industry + "/" + profile->sizeCategory + "/" + profile->seniority +
                     "/" + profile->department);
        EXPECT_NE(headingSet(*profile), base);
    }
    EXPECT_THAT(headingSet(otherIndustry), Contains("Selling into long, multi-stakeholder cycles"));
    EXPECT_THAT(headingSet(otherSize), Contains("Risk and control at scale"));
    EXPECT_THAT(headingSet(otherSeniority), Contains("Governance: who owns the pipeline number"));
    EXPECT_THAT(headingSet(otherDepartment), Contains("Follow-up that does not burn your list"));
}

TEST_F(ContentTemplate, NamesTheCompanyAndThePerson) {
    const auto doc = document(kEngineerAtSmallSoftware);
    EXPECT_EQ(doc->getValue<std::string>("title"), "The Analytical Engines pipeline playbook");
    EXPECT_EQ(doc->getValue<std::string>("subtitle"),
              "Prepared for Ada Lovelace, Software Engineer: pipeline plays chosen for a small "
              "software business");
    const auto text = bodies(doc);
    EXPECT_THAT(text.front(), AllOf(HasSubstr("Ada, most pipeline advice"),
                                    HasSubstr("your work as Software Engineer"),
                                    HasSubstr("where Analytical Engines is today")));
    EXPECT_THAT(text, Contains(HasSubstr("At 11-50 people, every hour")));
    EXPECT_THAT(text, Contains(HasSubstr("big launches, Ada.")));
    Profile noHeadcount = kEngineerAtSmallSoftware;
    noHeadcount.sizeBand.clear();
    EXPECT_THAT(bodies(document(noHeadcount)),
                Contains(HasSubstr("At Analytical Engines' size, every hour")));
    EXPECT_EQ(toJson(doc->getObject("callToAction")),
              R"({"text":"Book a 30-minute pipeline review for Analytical Engines"})");
}

TEST_F(ContentTemplate, ReadsWellWhenAlmostNothingIsKnown) {
    const std::string output = plugin_.run(contentInput(researchFor({})));
    const auto doc = parseObject(output);
    EXPECT_EQ(doc->getValue<std::string>("title"), "Your pipeline playbook");
    EXPECT_EQ(doc->getValue<std::string>("subtitle"),
              "Prepared for you: pipeline plays chosen for a business like yours");
    EXPECT_THAT(headings(doc),
                ElementsAre("Where your company starts", "Your first 30 days: a hands-on setup",
                            "Finding the customers worth chasing"));
    EXPECT_THAT(output, AllOf(Not(HasSubstr("{{")), Not(HasSubstr("  ")), Not(HasSubstr(" ,"))));
    EXPECT_THAT(bodies(doc).front(), ::testing::StartsWith("Most pipeline advice"));
    EXPECT_THAT(bodies(doc), Contains(HasSubstr("who your company's best customers are")));
}

TEST_F(ContentTemplate, WritesPlainTextParagraphsAndLists) {
    for (const auto& body : bodies(document(kExecutiveAtEnterpriseBank))) {
        EXPECT_THAT(body, Not(HasSubstr("\n\n\n")));
        EXPECT_NE(body.front(), '\n');
        EXPECT_NE(body.back(), '\n');
    }
    EXPECT_THAT(bodies(document(kExecutiveAtEnterpriseBank)),
                Contains(HasSubstr(".\n\n- Name one owner for pipeline coverage")));
}

TEST_F(ContentTemplate, DoesNotEscapeHtml) {
    Profile profile = kEngineerAtSmallSoftware;
    profile.company = "<b>Tom & Jerry's</b>";
    profile.fullName = "O'Brien \"Bob\" <Smith>";
    const std::string output = plugin_.run(contentInput(researchFor(profile)));
    const auto doc = parseObject(output);
    EXPECT_EQ(doc->getValue<std::string>("title"), "The <b>Tom & Jerry's</b> pipeline playbook");
    EXPECT_THAT(doc->getValue<std::string>("subtitle"), HasSubstr("O'Brien \"Bob\" <Smith>"));
    EXPECT_THAT(output, AllOf(Not(HasSubstr("&amp;")), Not(HasSubstr("&lt;")),
                              Not(HasSubstr("&#39;")), Not(HasSubstr("&quot;"))));
}

TEST_F(ContentTemplate, UsesTheConfiguredCallToActionUrl) {
    LoadedPlugin configured(kContentTemplate,
                            {"call_to_action_url: \"https://example.com/book?ref=playbook\""});
    EXPECT_EQ(configured.runObject(contentInput(researchFor(kEngineerAtSmallSoftware)))
                  ->getObject("callToAction")
                  ->getValue<std::string>("url"),
              "https://example.com/book?ref=playbook");
    EXPECT_THAT(loadErrors(kContentTemplate, {"call_to_action_url: mailto:sales@example.com"}),
                ::testing::IsEmpty());
    EXPECT_THAT(loadErrors(kContentTemplate, {"call_to_action_url: ftp://example.com"}),
                Contains(HasSubstr("call_to_action_url must start with https://, http:// or "
                                   "mailto:, got \"ftp://example.com\"")));
}

TEST_F(ContentTemplate, KeepsAtMostMaxSections) {
    const auto all = headings(document(kExecutiveAtEnterpriseBank));
    ASSERT_GT(all.size(), 2u);
    LoadedPlugin two(kContentTemplate, {"max_sections: 2"});
    EXPECT_THAT(headings(two.runObject(contentInput(researchFor(kExecutiveAtEnterpriseBank)))),
                ElementsAre(all[0], all[1]));
}

TEST_F(ContentTemplate, RefusesMaxSectionsOutsideOneToTwenty) {
    for (const char* value : {"0", "21", "-3"}) {
        SCOPED_TRACE(value);
        EXPECT_THAT(loadErrors(kContentTemplate, {std::string("max_sections: ") + value}),
                    Contains(HasSubstr(std::string("max_sections must be between 1 and 20, got ") +
                                       value)));
    }
    for (const char* value : {"1", "20"}) {
        EXPECT_THAT(loadErrors(kContentTemplate, {std::string("max_sections: ") + value}),
                    ::testing::IsEmpty());
    }
}

TEST_F(ContentTemplate, ReportsProgressAndStopsWhenCancelled) {
    ProgressLog progress;
    plugin_.run(contentInput(researchFor(kEngineerAtSmallSoftware)), &progress);
    ASSERT_FALSE(progress.empty());
    for (std::size_t i = 1; i < progress.size(); ++i) {
        EXPECT_GT(progress[i].first, progress[i - 1].first);
    }
    EXPECT_EQ(progress.front().first, 10);
    EXPECT_EQ(progress.back().first, 100);
    EXPECT_EQ(
        plugin_.cancelledFailure(contentInput(researchFor(kEngineerAtSmallSoftware))).status(),
        LODESTONE_ERROR_CANCELLED);
}

TEST_F(ContentTemplate, RefusesInputItCannotUse) {
    const std::pair<std::string, const char*> cases[] = {
        {"[]", "the input is not a JSON object"},
        {R"({"lead":{"email":"a@b.co"}})", "the input has no \"research\" object"},
        {R"({"research":null})", "the input has no \"research\" object"},
        {R"({"research":"facts"})", "research is not a JSON object"},
        {R"({"research":{"person":[]}})", "research.person is not a JSON object"},
        {R"({"research":{"facts":"many"}})", "research.facts is not a JSON array"},
        {R"({"research":{},"project":"demo"})", "project is not a JSON object"},
        {R"({"research":{},"project":{"settings":[]}})", "settings is not a JSON object"},
        {R"({"research":{},"project":{"settings":{"content":1}}})",
         "settings.content is not a JSON object"},
    };
    for (const auto& [text, message] : cases) {
        SCOPED_TRACE(text);
        const PluginError error = plugin_.failure(text);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
        EXPECT_EQ(error.message(), message);
    }
    // Without a project the built-in template still works.
    EXPECT_NO_THROW(plugin_.run(R"({"research":{}})"));
}

TEST_F(ContentTemplate, NeverRendersLeadDataAsATemplate) {
    Profile profile = kEngineerAtSmallSoftware;
    profile.company = "{{display.name}} {{> person}} {{#facts}}";
    EXPECT_EQ(document(profile)->getValue<std::string>("title"),
              "The {{display.name}} {{> person}} {{#facts}} pipeline playbook");
}

TEST_F(ContentTemplate, IsDeterministic) {
    const std::string input = contentInput(researchFor(kMarketingManagerAtMidMarketHealthcare));
    const std::string first = plugin_.run(input);
    LoadedPlugin other(kContentTemplate);
    std::vector<std::string> outputs(8);
    std::vector<std::thread> threads;
    for (auto& output : outputs) threads.emplace_back([&] { output = other.run(input); });
    for (auto& thread : threads) thread.join();
    for (const auto& output : outputs) EXPECT_EQ(output, first);
}

TEST_F(ContentTemplate, TurnsResearchBasicsOutputIntoADocument) {
    LoadedPlugin research(kResearchBasic);
    const std::string researched = research.run(
        R"({"jobId":"job_1","leadId":"lead_1","lead":{"email":"grace@hopper-capital.co.uk",)"
        R"("fullName":"Grace Hopper","title":"CFO","industry":"banking",)"
        R"("companySize":"10k+"},"project":{"id":"proj_1","name":"Demo","settings":{}}})");
    const auto doc = plugin_.runObject(contentInput(parseObject(researched)));
    EXPECT_EQ(doc->getValue<std::string>("title"), "The Hopper Capital pipeline playbook");
    EXPECT_EQ(doc->getValue<std::string>("subtitle"),
              "Prepared for Grace Hopper, CFO: pipeline plays chosen for an enterprise financial "
              "services business");
    EXPECT_THAT(
        headings(doc),
        ElementsAre("Where Hopper Capital starts", "Governance: who owns the pipeline number",
                    "Making the ROI case", "Risk and control at scale",
                    "Outreach that passes compliance review", "Measuring payback honestly"));
}

}  // namespace
}  // namespace lodestone::plugins
