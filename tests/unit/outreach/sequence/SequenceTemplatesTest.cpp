// Sequence::parse's checks of the step templates: syntax, known variables, refused features.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "SequenceDocument.hpp"
#include "outreach/sequence/Sequence.hpp"

using lodestone::outreach::Sequence;
using lodestone::outreach::SequenceError;
using sequence_test::documentWith;
using sequence_test::documentWithStep;
using sequence_test::expectRefused;

namespace {

std::string withSubject(const std::string& subject) {
    return documentWithStep(R"("subject": ")" + subject + R"(", "text": "t")");
}

std::string withText(const std::string& text) {
    return documentWithStep(R"("subject": "s", "text": ")" + text + "\"");
}

std::string withHtml(const std::string& html) {
    return documentWithStep(R"("subject": "s", "text": "t", "html": ")" + html + "\"");
}

TEST(SequenceTemplates, AcceptsEveryKnownVariable) {
    EXPECT_NO_THROW(Sequence::parse(
        withText("{{firstName}} {{contactName}} {{companyName}} {{title}} {{email}} {{domain}} "
                 "{{bookingUrl}} {{unsubscribeUrl}} {{score}} {{ firstName }} {{! a comment }} "
                 "{{leadMagnetUrl}} {{leadMagnetTitle}}")));
}

TEST(SequenceTemplates, FindsTheStepsThatNeedTheLeadMagnet) {
    const auto sequence = Sequence::parse(documentWith(R"({"steps": [
        {"subject": "Hello", "text": "No link here; {{bookingUrl}}"},
        {"subject": "{{#leadMagnetTitle}}{{leadMagnetTitle}}{{/leadMagnetTitle}}", "text": "t"},
        {"subject": "s", "text": "t", "html": "<a href=\"{{ leadMagnetUrl }}\">read</a>"}]})"));
    using lodestone::outreach::leadMagnetVariablesIn;
    EXPECT_TRUE(leadMagnetVariablesIn(sequence.steps[0]).empty());
    EXPECT_THAT(leadMagnetVariablesIn(sequence.steps[1]), testing::ElementsAre("leadMagnetTitle"));
    EXPECT_THAT(leadMagnetVariablesIn(sequence.steps[2]), testing::ElementsAre("leadMagnetUrl"));
    EXPECT_EQ(lodestone::outreach::leadMagnetUse(sequence),
              "steps[1].subject uses {{leadMagnetTitle}}");
    // A comment naming it uses nothing.
    EXPECT_EQ(
        lodestone::outreach::leadMagnetUse(Sequence::parse(withText("{{! leadMagnetUrl }} plain"))),
        std::nullopt);
}

TEST(SequenceTemplates, NamesTheStepAndFieldOfAnUnknownVariable) {
    const auto json = documentWith(R"({"steps": [
        {"subject": "s", "text": "t"},
        {"subject": "{{frstName}}, hello", "text": "t"}]})");
    try {
        Sequence::parse(json);
        FAIL() << "accepted";
    } catch (const SequenceError& e) {
        EXPECT_EQ(e.path(), "steps[1].subject");
        EXPECT_THAT(e.what(),
                    ::testing::StartsWith("steps[1].subject: unknown template variable "
                                          "{{frstName}} (known: firstName, contactName, "
                                          "companyName, title, email, domain, bookingUrl, "
                                          "unsubscribeUrl, leadMagnetUrl, leadMagnetTitle, "
                                          "score, and any name under "
                                          "researchData., customData. or research.)"));
    }
    expectRefused(withText("Hi {{FirstName}}"), "steps[0].text", "{{FirstName}}");
    expectRefused(withHtml("<p>{{company}}</p>"), "steps[0].html", "{{company}}");
    expectRefused(withText("{{#hasPlan}}x{{/hasPlan}}"), "steps[0].text",
                  "unknown template variable {{#hasPlan}}");
    expectRefused(withText("{{^hasPlan}}x{{/hasPlan}}"), "steps[0].text", "{{^hasPlan}}");
    expectRefused(withText("{{}}"), "steps[0].text", "unknown template variable {{}}");
    expectRefused(withText("{{.}}"), "steps[0].text", "unknown template variable {{.}}");
}

TEST(SequenceTemplates, AcceptsAnyNameUnderTheFreeFormObjects) {
    EXPECT_NO_THROW(Sequence::parse(
        withText("{{researchData.plan}} {{customData.region.city}} {{research.company.industry}} "
                 "{{#researchData.plan}}on {{researchData.plan}}{{/researchData.plan}} "
                 "{{^customData.vip}}regular{{/customData.vip}} "
                 "{{#researchData.tools}}{{name}} ({{.}}){{/researchData.tools}} "
                 "{{#customData}}{{anything}}{{/customData}} "
                 "{{#title}}as {{title}}{{/title}}")));
    expectRefused(withText("{{researchData.}}"), "steps[0].text", "{{researchData.}}");
    expectRefused(withText("{{researchData..plan}}"), "steps[0].text", "{{researchData..plan}}");
    expectRefused(withText("{{researchDataplan}}"), "steps[0].text", "{{researchDataplan}}");
    expectRefused(withText("{{firstName.initial}}"), "steps[0].text", "{{firstName.initial}}");
    // Inside a section on a fixed variable the names are still checked: a string has no keys.
    expectRefused(withText("{{#title}}{{titel}}{{/title}}"), "steps[0].text", "{{titel}}");
    expectRefused(withText("{{^customData.vip}}{{tier}}{{/customData.vip}}"), "steps[0].text",
                  "{{tier}}");
    // After a free-form section closes, the check is strict again.
    expectRefused(withText("{{#customData}}{{x}}{{/customData}}{{y}}"), "steps[0].text", "{{y}}");
}

TEST(SequenceTemplates, RefusesPartialsAndDelimiterChanges) {
    expectRefused(withText("Hi {{> footer}}"), "steps[0].text",
                  "partials are not supported ({{>footer}})");
    expectRefused(withSubject("{{=<% %>=}}Hi <%firstName%>"), "steps[0].subject",
                  "changing the delimiters");
}

TEST(SequenceTemplates, RefusesUnescapedValuesInHtmlOnly) {
    expectRefused(withHtml("<p>{{{researchData.bio}}}</p>"), "steps[0].html",
                  "{{{researchData.bio}}} would insert researchData.bio without HTML escaping");
    expectRefused(withHtml("<p>{{& firstName}}</p>"), "steps[0].html", "without HTML escaping");
    EXPECT_NO_THROW(Sequence::parse(withText("{{{firstName}}} {{& companyName}}")));
    expectRefused(withText("{{{frstName}}}"), "steps[0].text", "{{{frstName}}}");
}

TEST(SequenceTemplates, ReportsSyntaxErrorsWithTheField) {
    expectRefused(withSubject("Hi {{firstName"), "steps[0].subject",
                  "template syntax error: unclosed tag at byte 3");
    expectRefused(withText("{{#title}}x"), "steps[0].text",
                  "template syntax error: unclosed section \"title\"");
    expectRefused(withHtml("x{{/title}}"), "steps[0].html", "unopened section \"title\"");
    expectRefused(withText("{{#title}}x{{/companyName}}"), "steps[0].text", "template syntax");
}

}  // namespace
