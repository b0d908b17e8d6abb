#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "SequenceDocument.hpp"
#include "outreach/sequence/Sequence.hpp"

using lodestone::domain::Prospect;
using lodestone::outreach::LeadMagnetLink;
using lodestone::outreach::renderStep;
using lodestone::outreach::Sequence;
using lodestone::outreach::SequenceError;
using lodestone::outreach::SequenceStep;
using lodestone::outreach::sequenceVariables;

namespace {

Poco::JSON::Object::Ptr object(const std::string& json) {
    Poco::JSON::Parser parser;
    return parser.parse(json).extract<Poco::JSON::Object::Ptr>();
}

SequenceStep stepOf(const std::string& members) {
    return Sequence::parse(sequence_test::documentWithStep(members)).steps.at(0);
}

TEST(StepRendering, EscapesHtmlInTheHtmlBodyOnly) {
    const auto step = stepOf(R"("subject": "For {{companyName}}", "text": "{{companyName}}",
                                "html": "<p title=\"{{companyName}}\">{{companyName}}</p>")");
    const auto email = renderStep(step, *object(R"({"companyName": "Smith & <Sons> 'n \"Co\""})"));
    EXPECT_EQ(email.subject, "For Smith & <Sons> 'n \"Co\"");
    EXPECT_EQ(email.text, "Smith & <Sons> 'n \"Co\"");
    EXPECT_EQ(email.html,
              "<p title=\"Smith &amp; &lt;Sons&gt; &apos;n &quot;Co&quot;\">"
              "Smith &amp; &lt;Sons&gt; &apos;n &quot;Co&quot;</p>");
}

TEST(StepRendering, FoldsTheSubjectOntoOneLine) {
    const auto step = stepOf(R"("subject": "  Hi {{firstName}}, about {{companyName}}  ",
                                "text": "Hi {{firstName}}")");
    const auto email = renderStep(
        step, *object(R"({"firstName": "Ada\r\nBcc: all@example.com", "companyName": "A\tB "})"));
    EXPECT_EQ(email.subject, "Hi Ada Bcc: all@example.com, about A B");
    EXPECT_EQ(email.text, "Hi Ada\r\nBcc: all@example.com");  // the body keeps its lines
    EXPECT_EQ(email.html, std::nullopt);
}

TEST(StepRendering, ReadsDottedNamesAndSectionsOfFreeFormData) {
    const auto step = stepOf(R"("subject": "s", "text":
        "{{researchData.plan}}|{{customData.region.city}}|{{research.company.industry}}|{{#researchData.tools}}{{.}};{{/researchData.tools}}|{{#customData.vip}}VIP{{/customData.vip}}{{^customData.vip}}regular{{/customData.vip}}|{{#researchData.people}}{{name}},{{/researchData.people}}")");
    const auto variables = object(R"({
        "researchData": {"plan": "Enterprise", "tools": ["Salesforce", "HubSpot"],
                         "people": [{"name": "Ada"}, {"name": "Grace"}]},
        "customData": {"region": {"city": "Leeds"}, "vip": false},
        "research": {"company": {"industry": "Software"}}})");
    EXPECT_EQ(renderStep(step, *variables).text,
              "Enterprise|Leeds|Software|Salesforce;HubSpot;|regular|Ada,Grace,");
}

TEST(StepRendering, RendersMissingValuesEmpty) {
    const auto step = stepOf(R"("subject": "Hi {{firstName}}!", "text":
        "[{{title}}][{{researchData.plan}}][{{#title}}as {{title}}{{/title}}][{{score}}]")");
    const auto email = renderStep(step, *object(R"({"title": "  ", "score": null})"));
    EXPECT_EQ(email.subject, "Hi !");
    EXPECT_EQ(email.text, "[][][][]");
}

TEST(StepRendering, RendersNumbersAndNonAsciiText) {
    const auto step = stepOf(R"("subject": "{{firstName}} – {{score}}", "text": "{{companyName}}",
                                "html": "<b>{{companyName}}</b>")");
    const auto email = renderStep(
        step, *object(R"({"firstName": "Zoë", "score": 87, "companyName": "東京 & Co"})"));
    EXPECT_EQ(email.subject, "Zoë – 87");
    EXPECT_EQ(email.text, "東京 & Co");
    EXPECT_EQ(email.html, "<b>東京 &amp; Co</b>");
}

TEST(StepRendering, ChecksAndRendersAHandBuiltStep) {
    SequenceStep step;
    step.subject = "Hi {{firstName}}";
    step.text = "Text";
    EXPECT_EQ(renderStep(step, *object(R"({"firstName": "Ada"})")).subject, "Hi Ada");
    step.subject = "Hi {{frstName}}";
    try {
        renderStep(step, Poco::JSON::Object());
        FAIL() << "rendered";
    } catch (const SequenceError& e) {
        EXPECT_EQ(e.path(), "steps.subject");
    }
}

TEST(StepRendering, CopiesShareTheParsedTemplatesAcrossThreads) {
    const auto sequence = Sequence::parse(sequence_test::documentWithStep(
        R"("subject": "Hi {{firstName}}", "text": "{{#researchData.tools}}{{.}} {{/researchData.tools}}",
           "html": "<p>{{companyName}}</p>")"));
    const Sequence copy = sequence;
    EXPECT_EQ(copy.steps[0].compiled, sequence.steps[0].compiled);
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            const auto variables =
                object(R"({"firstName": "T)" + std::to_string(t) +
                       R"(", "companyName": "A&B", "researchData": {"tools": ["x", "y"]}})");
            for (int i = 0; i < 500; ++i) {
                const auto email = renderStep(copy.steps[0], *variables);
                if (email.subject != "Hi T" + std::to_string(t) || email.text != "x y " ||
                    email.html != "<p>A&amp;B</p>") {
                    ++wrong[t];
                }
            }
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

Prospect prospectNamed(const std::string& contactName) {
    Prospect prospect;
    prospect.contactName = contactName;
    prospect.companyName = "Analytical Engines";
    prospect.email = "grace@engines.example";
    prospect.inputJson = R"({"companyName": "Analytical Engines"})";
    return prospect;
}

TEST(SequenceVariables, BuildsTheVariablesFromTheProspect) {
    Prospect prospect = prospectNamed("Dr. Grace Hopper");
    prospect.title = "Rear Admiral";
    prospect.domain = "engines.example";
    prospect.score = 87;
    prospect.inputJson = R"({"companyName": "Analytical Engines", "contactName": "Dr. Grace Hopper",
        "researchData": {"plan": "Pro"}, "customData": {"region": "North"}, "notes": "n"})";
    const auto variables = sequenceVariables(prospect, object(R"({"company": {"size": 50}})"),
                                             "https://h.example/b/t", "https://h.example/u/t");
    EXPECT_EQ(variables->getValue<std::string>("firstName"), "Grace");
    EXPECT_EQ(variables->getValue<std::string>("contactName"), "Dr. Grace Hopper");
    EXPECT_EQ(variables->getValue<std::string>("companyName"), "Analytical Engines");
    EXPECT_EQ(variables->getValue<std::string>("title"), "Rear Admiral");
    EXPECT_EQ(variables->getValue<std::string>("email"), "grace@engines.example");
    EXPECT_EQ(variables->getValue<std::string>("domain"), "engines.example");
    EXPECT_EQ(variables->getValue<std::string>("bookingUrl"), "https://h.example/b/t");
    EXPECT_EQ(variables->getValue<std::string>("unsubscribeUrl"), "https://h.example/u/t");
    EXPECT_EQ(variables->getValue<int>("score"), 87);
    EXPECT_FALSE(variables->has("notes"));

    const auto step = stepOf(R"("subject": "{{firstName}}", "text":
        "{{researchData.plan}} {{customData.region}} {{research.company.size}} {{score}}")");
    EXPECT_EQ(renderStep(step, *variables).text, "Pro North 50 87");
}

TEST(SequenceVariables, LeavesOutWhatTheProspectDoesNotHave) {
    const auto variables = sequenceVariables(prospectNamed("Ada"), std::nullopt, "b", "u");
    EXPECT_FALSE(variables->has("title"));
    EXPECT_FALSE(variables->has("domain"));
    EXPECT_FALSE(variables->has("score"));
    EXPECT_FALSE(variables->has("researchData"));
    EXPECT_FALSE(variables->has("research"));
    EXPECT_FALSE(variables->has("leadMagnetUrl"));
    EXPECT_FALSE(variables->has("leadMagnetTitle"));
    EXPECT_EQ(variables->getValue<std::string>("firstName"), "Ada");
}

TEST(SequenceVariables, GivesTheFinishedLeadMagnetsLinkAndTitle) {
    const auto variables =
        sequenceVariables(prospectNamed("Ada"), std::nullopt, "b", "u",
                          LeadMagnetLink{"https://h.example/m/lead_1", "A guide for <Acme>"});
    const auto step = stepOf(
        R"("subject": "{{leadMagnetTitle}}", "text": "Read {{leadMagnetUrl}}",
           "html": "<a href=\"{{leadMagnetUrl}}\">{{leadMagnetTitle}}</a>")");
    const auto email = renderStep(step, *variables);
    EXPECT_EQ(email.subject, "A guide for <Acme>");
    EXPECT_EQ(email.text, "Read https://h.example/m/lead_1");
    EXPECT_EQ(email.html, "<a href=\"https://h.example/m/lead_1\">A guide for &lt;Acme&gt;</a>");
}

TEST(SequenceVariables, TakesTheFirstNameFromTheContactName) {
    const auto firstName = [](const std::string& contactName) {
        const auto variables = sequenceVariables(prospectNamed(contactName), std::nullopt, "", "");
        return variables->has("firstName") ? variables->getValue<std::string>("firstName") : "";
    };
    EXPECT_EQ(firstName("Grace Hopper"), "Grace");
    EXPECT_EQ(firstName("  Grace   Brewster Hopper "), "Grace");
    EXPECT_EQ(firstName("Dr. Grace Hopper"), "Grace");
    EXPECT_EQ(firstName("MRS Ada Lovelace"), "Ada");
    EXPECT_EQ(firstName("Prof Dr Ada Lovelace"), "Ada");
    EXPECT_EQ(firstName("Dr. Hopper"), "Dr. Hopper");
    EXPECT_EQ(firstName("Hopper, Grace"), "Grace");
    EXPECT_EQ(firstName("Zoë Ångström"), "Zoë");
    EXPECT_EQ(firstName("Drake Bell"), "Drake");
}

}  // namespace
