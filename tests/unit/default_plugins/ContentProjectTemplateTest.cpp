// content/template with a project's own template (settings.content.template): what templates
// see, `when` selection, max_sections, dropped empty sections, fallbacks to the built-in
// writer's document, and errors that name the offending field.
#include "unit/default_plugins/ContentTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace testing;

const Profile kVpOfSales{
    .fullName = "Ada Lovelace",
    .firstName = "Ada",
    .title = "VP Sales",
    .seniority = "vp",
    .department = "sales",
    .company = "Analytical Engines",
    .industry = "Software",
    .sizeBand = "51-200",
    .sizeCategory = "mid_market",
};

class ContentProjectTemplate : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr render(const std::string& templateJson,
                                   const Profile& profile = kVpOfSales) const {
        return plugin_.runObject(
            contentInput(researchFor(profile), settingsWithTemplate(templateJson)));
    }

    PluginError failure(const std::string& templateJson) const {
        return plugin_.failure(
            contentInput(researchFor(kVpOfSales), settingsWithTemplate(templateJson)));
    }

    LoadedPlugin plugin_{kContentTemplate};
};

TEST_F(ContentProjectTemplate, RendersWithTheResearchAndTheProject) {
    auto research = researchFor(kVpOfSales);
    auto custom = newObject();
    custom->set("source", "webinar");
    custom->set("seats", 25);
    custom->set("trial", true);
    research->set("custom", custom);
    Poco::JSON::Array::Ptr facts = new Poco::JSON::Array();
    facts->add("Works in Sales at VP level");
    facts->add("Industry: Software");
    research->set("facts", facts);
    const auto doc = plugin_.runObject(contentInput(research, settingsWithTemplate(R"json({
        "title": "{{company.name}} x {{project.name}}",
        "subtitle": "For {{person.firstName}} ({{person.seniority}}, {{display.team}})",
        "sections": [
            {"heading": "Why {{custom.source}}?",
             "body": "{{custom.seats}} seats{{#custom.trial}}, on trial{{/custom.trial}}.\n\n{{#facts}}- {{.}}\n{{/facts}}"}
        ],
        "callToAction": {"text": "Talk to us, {{display.firstName}}", "url": "https://example.com/{{project.id}}"}
    })json")));
    EXPECT_EQ(toJson(doc),
              R"({"title":"Analytical Engines x Demo project",)"
              R"x("subtitle":"For Ada (vp, your sales team)",)x"
              R"("sections":[{"heading":"Why webinar?","body":"25 seats, on trial.\n\n)"
              R"(- Works in Sales at VP level\n- Industry: Software"}],)"
              R"("callToAction":{"text":"Talk to us, Ada","url":"https://example.com/proj_1"}})");
}

TEST_F(ContentProjectTemplate, SelectsSectionsWithWhen) {
    const std::string tmpl = R"({"sections": [
        {"heading": "always", "body": "x"},
        {"heading": "software", "body": "x", "when": {"industry": ["Software", "Media"]}},
        {"heading": "healthcare", "body": "x", "when": {"industry": ["Healthcare"]}},
        {"heading": "software vp", "body": "x",
         "when": {"industry": "software", "seniority": ["VP", "executive"]}},
        {"heading": "software ic", "body": "x",
         "when": {"industry": ["Software"], "seniority": ["individual_contributor"]}},
        {"heading": "mid-market sales", "body": "x",
         "when": {"sizeCategory": ["mid_market"], "department": ["sales", "marketing"]}},
        {"heading": "no size given", "body": "x", "when": {"sizeCategory": ["unknown"]}},
        {"heading": "nothing listed", "body": "x", "when": {"department": []}},
        {"heading": "empty when", "body": "x", "when": {}}
    ]})";
    EXPECT_THAT(headings(render(tmpl)),
                ElementsAre("always", "software", "software vp", "mid-market sales", "empty when"));
    Profile unsized = kVpOfSales;
    unsized.sizeCategory.clear();
    EXPECT_THAT(headings(render(tmpl, unsized)),
                ElementsAre("always", "software", "software vp", "no size given", "empty when"));
}

TEST_F(ContentProjectTemplate, KeepsAtMostMaxSectionsOfThoseThatApply) {
    std::string sections;
    for (int i = 0; i < 10; ++i) {
        sections += std::string(i ? "," : "") + R"({"heading":"s)" + std::to_string(i) +
                    R"(","body":"x")" + (i == 1 ? R"(,"when":{"industry":["Media"]})" : "") + "}";
    }
    const std::string tmpl = R"({"sections":[)" + sections + "]}";
    EXPECT_EQ(headings(render(tmpl)).size(), 6u) << "the default max_sections";
    LoadedPlugin three(kContentTemplate, {"max_sections: 3"});
    EXPECT_THAT(headings(three.runObject(
                    contentInput(researchFor(kVpOfSales), settingsWithTemplate(tmpl)))),
                ElementsAre("s0", "s2", "s3"));
}

TEST_F(ContentProjectTemplate, DropsSectionsWhoseBodyRendersEmpty) {
    const auto doc = render(R"({"sections": [
        {"heading": "missing", "body": "{{#custom.missing}}never{{/custom.missing}}"},
        {"heading": "blank", "body": "  \n {{custom.missing}} \n\n"},
        {"heading": "kept", "body": "\n  {{company.name}}  \n\n\n\nmore  \n"},
        {"body": "no heading"}
    ]})");
    std::ostringstream sections;
    doc->getArray("sections")->stringify(sections);
    EXPECT_EQ(sections.str(), R"([{"heading":"kept","body":"Analytical Engines\n\nmore"},)"
                              R"({"heading":"","body":"no heading"}])");
}

TEST_F(ContentProjectTemplate, TakesKeysItLeavesOutFromTheBuiltInTemplate) {
    const auto doc = render(R"({"title": "Hello {{person.firstName}}"})");
    EXPECT_EQ(doc->getValue<std::string>("title"), "Hello Ada");
    EXPECT_EQ(doc->getValue<std::string>("subtitle"),
              "For Ada Lovelace, VP Sales: what we know, what it suggests and the decisions it "
              "points to");
    EXPECT_EQ(headings(doc).front(), "Analytical Engines at a glance");
    EXPECT_EQ(doc->getObject("callToAction")->getValue<std::string>("text"),
              "Book a 30-minute call to talk this briefing through");
}

TEST_F(ContentProjectTemplate, HandlesTheCallToAction) {
    EXPECT_FALSE(render(R"({"callToAction": null})")->has("callToAction"));
    EXPECT_FALSE(
        render(R"({"callToAction": {"text": "{{custom.missing}}"}})")->has("callToAction"));
    LoadedPlugin withUrl(kContentTemplate, {"call_to_action_url: https://example.com/default"});
    const auto run = [&](const std::string& tmpl) {
        return withUrl.runObject(contentInput(researchFor(kVpOfSales), settingsWithTemplate(tmpl)))
            ->getObject("callToAction");
    };
    EXPECT_EQ(
        toJson(run(
            R"({"callToAction": {"text": "Go", "url": "https://example.com/{{custom.missing}}x"}})")),
        R"({"text":"Go","url":"https://example.com/x"})");
    EXPECT_EQ(toJson(run(R"({"callToAction": {"text": "Go", "url": "{{custom.missing}}"}})")),
              R"({"text":"Go","url":"https://example.com/default"})");
    EXPECT_EQ(toJson(run(R"({"callToAction": {"text": "Go"}})")),
              R"({"text":"Go","url":"https://example.com/default"})");
}

TEST_F(ContentProjectTemplate, DoesNotEscapeHtmlInEitherTagForm) {
    Profile profile = kVpOfSales;
    profile.company = "<b>Tom & Jerry's</b>";
    EXPECT_EQ(render(R"({"title": "{{company.name}} / {{{company.name}}} / {{& company.name}}"})",
                     profile)
                  ->getValue<std::string>("title"),
              "<b>Tom & Jerry's</b> / <b>Tom & Jerry's</b> / <b>Tom & Jerry's</b>");
}

TEST_F(ContentProjectTemplate, NamesTheFieldOfAMustacheSyntaxError) {
    const std::pair<std::string, std::string> cases[] = {
        {R"({"title": "The {{company.name playbook"})",
         "settings.content.template.title: unclosed tag at 4"},
        {R"({"subtitle": "{{/person.title}}"})",
         "settings.content.template.subtitle: unopened section \"person.title\" at 0"},
        // Checked even where `when` would not select the section.
        {R"({"sections": [{"body": "x"}, {"body": "x"},
             {"body": "{{#facts}}- {{.}}", "when": {"industry": ["Media"]}}]})",
         "settings.content.template.sections[2].body: unclosed section \"facts\" at 0"},
        {R"({"sections": [{"heading": "{{=<% %>=}} <%oops", "body": "x"}]})",
         "settings.content.template.sections[0].heading: unclosed tag at 12"},
        {R"({"callToAction": {"text": "Go", "url": "{{= = =}}"}})",
         "settings.content.template.callToAction.url: invalid set delimiter tag at 0"},
    };
    for (const auto& [tmpl, message] : cases) {
        SCOPED_TRACE(tmpl);
        const PluginError error = failure(tmpl);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
        EXPECT_EQ(error.message(), message);
    }
}

TEST_F(ContentProjectTemplate, NamesTheFieldOfAMalformedTemplate) {
    const std::pair<std::string, std::string> cases[] = {
        {R"("{{title}}")", "settings.content.template: expected an object"},
        {R"({"sections": {"heading": "x"}})",
         "settings.content.template.sections: expected a list of sections"},
        {R"({"sections": ["x"]})", "settings.content.template.sections[0]: expected an object"},
        {R"({"sections": [{"heading": "x"}]})",
         "settings.content.template.sections[0].body: missing"},
        {R"({"sections": [{"heading": 7, "body": "x"}]})",
         "settings.content.template.sections[0].heading: expected a string (a Mustache "
         "template)"},
        {R"({"sections": [{"body": "x", "colour": "red"}]})",
         "settings.content.template.sections[0].colour: unknown key (valid keys: body, heading, "
         "when)"},
        {R"({"sections": [{"body": "x", "when": {"country": ["UK"]}}]})",
         "settings.content.template.sections[0].when.country: unknown key (valid keys: "
         "department, industry, seniority, sizeCategory)"},
        {R"({"sections": [{"body": "x", "when": {"industry": [1]}}]})",
         "settings.content.template.sections[0].when.industry[0]: expected a string"},
        {R"({"sections": [{"body": "x", "when": {"industry": true}}]})",
         "settings.content.template.sections[0].when.industry: expected a string or a list of "
         "strings"},
        {R"({"sections": [{"body": "x", "when": ["Software"]}]})",
         "settings.content.template.sections[0].when: expected an object"},
        {R"({"titel": "x"})",
         "settings.content.template.titel: unknown key (valid keys: callToAction, sections, "
         "subtitle, title)"},
        {R"({"callToAction": "Book now"})",
         "settings.content.template.callToAction: expected an object or null"},
        {R"({"callToAction": {"url": "https://example.com"}})",
         "settings.content.template.callToAction.text: missing"},
    };
    for (const auto& [tmpl, message] : cases) {
        SCOPED_TRACE(tmpl);
        const PluginError error = failure(tmpl);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
        EXPECT_EQ(error.message(), message);
    }
}

TEST_F(ContentProjectTemplate, GreetsAndNamesTheCompanyWithoutDoublingItsArticle) {
    Profile profile = kVpOfSales;
    profile.company = "The Hive";
    profile.fullName = "山田 太郎";
    profile.firstName = "山田";
    const auto doc = render(R"({"title": "The {{company.name}} playbook",
        "sections": [{"heading": "Hello", "body": "Dear {{display.greeting}}, the {{company.name}} team."}]})",
                            profile);
    EXPECT_EQ(doc->getValue<std::string>("title"), "The Hive playbook");
    EXPECT_EQ(bodies(doc).front(), "Dear 山田 太郎, The Hive team.");
}

TEST_F(ContentProjectTemplate, IsDeterministic) {
    const std::string tmpl =
        R"({"sections": [{"heading": "{{company.name}}", "body": "{{#facts}}{{.}} {{/facts}}"}]})";
    const auto input = contentInput(researchFor(kVpOfSales), settingsWithTemplate(tmpl));
    EXPECT_EQ(plugin_.run(input), plugin_.run(input));
}

}  // namespace
}  // namespace lodestone::plugins
