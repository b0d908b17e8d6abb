// content/template through its real library with the built-in writer: config, plain text (no
// HTML escaping), lead data never read as a template, progress, cancellation, refused input,
// determinism, and the research -> content pipeline end to end. What it writes for whom is in
// ContentWritingTest.
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

TEST_F(ContentTemplate, ReadsWellWhenAlmostNothingIsKnown) {
    const std::string output = plugin_.run(contentInput(researchFor({})));
    const auto doc = parseObject(output);
    EXPECT_EQ(doc->getValue<std::string>("title"), "A productivity checklist");
    EXPECT_THAT(doc->getValue<std::string>("subtitle"), ::testing::StartsWith("Nine steps"));
    EXPECT_GE(headings(doc).size(), 5u);
    EXPECT_THAT(allText(doc), AllOf(Not(HasSubstr("{")), Not(HasSubstr("  ")), Not(HasSubstr(" ,")),
                                    Not(HasSubstr(" .")), Not(HasSubstr("\n\n\n"))));
    EXPECT_THAT(bodies(doc).front(),
                ::testing::StartsWith("Every item below is sized for your work"));
    EXPECT_THAT(bodies(doc).back(), HasSubstr("Tell us more about your organisation"));
}

TEST_F(ContentTemplate, WritesPlainTextParagraphsAndLists) {
    for (const auto& body : bodies(document(kExecutiveAtEnterpriseBank))) {
        EXPECT_THAT(body, Not(HasSubstr("\n\n\n")));
        EXPECT_NE(body.front(), '\n');
        EXPECT_NE(body.back(), '\n');
    }
    EXPECT_THAT(bodies(document(kExecutiveAtEnterpriseBank)),
                Contains(HasSubstr("a month later.\n\n- Which of cost to serve per client")));
}

TEST_F(ContentTemplate, DoesNotEscapeHtml) {
    Profile profile = kEngineerAtSmallSoftware;
    profile.company = "<b>Tom & Jerry's</b>";
    profile.fullName = "O'Brien \"Bob\" <Smith>";
    profile.customJson = R"({"painPoint":"<script>alert(1)</script>"})";
    const std::string output = plugin_.run(contentInput(researchFor(profile)));
    const auto doc = parseObject(output);
    EXPECT_EQ(doc->getValue<std::string>("title"), "<b>Tom & Jerry's</b>: a delivery checklist");
    EXPECT_THAT(doc->getValue<std::string>("subtitle"), HasSubstr("O'Brien \"Bob\" <Smith>"));
    EXPECT_THAT(allText(doc), HasSubstr("<script>alert(1)</script>"));
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
                    Contains(HasSubstr(std::string("max_sections: must be between 1 and 20, got ") +
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
        {R"({"research":{},"lead":"ada"})", "lead is not a JSON object"},
        {R"({"research":{},"project":{"settings":{"format":"poster"}}})",
         "settings.format: \"poster\" is none of auto, playbook, checklist, scorecard, "
         "roi_estimate, briefing"},
        {R"({"research":{},"project":{"settings":{"format":3}}})",
         "settings.format: expected one of auto, playbook, checklist, scorecard, roi_estimate, "
         "briefing"},
    };
    for (const auto& [text, message] : cases) {
        SCOPED_TRACE(text);
        const PluginError error = plugin_.failure(text);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
        EXPECT_EQ(error.message(), message);
    }
    // Without a project or a lead the built-in writer still works.
    EXPECT_NO_THROW(plugin_.run(R"({"research":{}})"));
}

TEST_F(ContentTemplate, NeverTreatsLeadDataAsATemplate) {
    Profile profile = kEngineerAtSmallSoftware;
    profile.company = "{{display.name}} {customers} {{#facts}}";
    profile.customJson = R"({"painPoint":"{company} and {{person.title}}"})";
    const auto doc = document(profile);
    EXPECT_EQ(doc->getValue<std::string>("title"),
              "{{display.name}} {customers} {{#facts}}: a delivery checklist");
    EXPECT_THAT(allText(doc), HasSubstr("\u201C{company} and {{person.title}}\u201D"));
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
    const std::string lead =
        R"({"email":"grace@hopper-capital.co.uk","fullName":"Grace Hopper","title":"CFO",)"
        R"("industry":"banking","companySize":"10k+","customFields":{"revenue":"$2.5bn"}})";
    const std::string researched = research.run(R"({"jobId":"job_1","leadId":"lead_1","lead":)" +
                                                lead + R"(,"project":{"id":"p","settings":{}}})");
    const auto doc =
        plugin_.runObject(contentInput(parseObject(researched), newObject(), parseObject(lead)));
    EXPECT_EQ(doc->getValue<std::string>("title"), "Hopper Capital: a worked estimate for finance");
    EXPECT_EQ(
        doc->getValue<std::string>("subtitle"),
        "For Grace Hopper, CFO: worked from the figures we have, with every assumption shown");
    EXPECT_THAT(headings(doc),
                ElementsAre("The figures we started from", "The time Hopper Capital could win back",
                            "What it is worth to Hopper Capital", "What would have to be true",
                            "Checking it in 30 days", "What this page is based on"));
    EXPECT_THAT(allText(doc), AllOf(HasSubstr("Grace, this estimate"), HasSubstr("Revenue: $2.5bn"),
                                    HasSubstr("worth $25M a year"),
                                    HasSubstr("firm of 10k+ people"), HasSubstr("clients")));
}

}  // namespace
}  // namespace lodestone::plugins
