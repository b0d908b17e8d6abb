#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "pages/PageRenderer.hpp"

using namespace lodestone;
using namespace lodestone::pages;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

Poco::JSON::Object::Ptr json(const std::string& text) {
    return Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
}

// How often `needle` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

class PageRenderer : public ::testing::Test {
  protected:
    PageRenderer() {
        lead_.id = "lead_1";
        lead_.email = "ada@example.com";
        lead_.fieldsJson = R"({"email":"ada@example.com","fullName":"Ada Lovelace"})";
        project_.name = "Guides";
    }

    std::string render(const std::string& contentJson) {
        return renderLeadMagnet(*json(contentJson), lead_, project_);
    }

    // A page whose only section has this body. Built as the parser builds it (nested values are
    // held as Ptr), which is what the finalize step hands over.
    std::string renderBody(const std::string& body) {
        Poco::JSON::Object::Ptr section = new Poco::JSON::Object;
        section->set("heading", "H");
        section->set("body", body);
        Poco::JSON::Array::Ptr sections = new Poco::JSON::Array;
        sections->add(section);
        Poco::JSON::Object content;
        content.set("title", "T");
        content.set("sections", sections);
        return renderLeadMagnet(content, lead_, project_);
    }

    std::string renderCta(const std::string& url) {
        Poco::JSON::Object::Ptr cta = new Poco::JSON::Object;
        cta->set("text", "Book a call");
        cta->set("url", url);
        Poco::JSON::Object content;
        content.set("title", "T");
        content.set("callToAction", cta);
        return renderLeadMagnet(content, lead_, project_);
    }

    domain::Lead lead_;
    domain::Project project_;
};

const char* const kHostile = "<script>alert(\"x\" & 'y')</script>";
const char* const kEscaped =
    "&lt;script&gt;alert(&quot;x&quot; &amp; &apos;y&apos;)&lt;/script&gt;";

}  // namespace

// --- renderLeadMagnet -------------------------------------------------------------------------

TEST_F(PageRenderer, RendersTheContentIntoTheBuiltInPage) {
    auto html = render(R"({"title":"Scaling SaaS","subtitle":"A guide",
        "sections":[{"heading":"Why","body":"Because."}],
        "callToAction":{"text":"Talk to us","url":"https://example.com/book","label":"Book"}})");
    EXPECT_THAT(html, HasSubstr("<title>Scaling SaaS</title>"));
    EXPECT_THAT(html, HasSubstr("<h1>Scaling SaaS</h1>"));
    EXPECT_THAT(html, HasSubstr("<p class=\"subtitle\">A guide</p>"));
    EXPECT_THAT(html, HasSubstr("<h2>Why</h2>"));
    EXPECT_THAT(html, HasSubstr("<p>Because.</p>"));
    EXPECT_THAT(html, HasSubstr("<p>Talk to us</p>"));
    // The call to action is a real link, at the top (visible without scrolling) and at the end.
    EXPECT_EQ(occurrences(html, "<a class=\"button\" href=\"https://example.com/book\""), 2u);
    EXPECT_EQ(occurrences(html, ">Book</a>"), 2u);
    EXPECT_THAT(html, HasSubstr("Prepared for <bdi>Ada Lovelace</bdi>"));
    EXPECT_THAT(html, HasSubstr("Guides"));
}

TEST_F(PageRenderer, EscapesEveryValue) {
    lead_.fieldsJson = R"({"email":"ada@example.com","fullName":"<b>Ada</b> & 'Co'"})";
    project_.name = "<i>Guides</i>";
    Poco::JSON::Object content;
    content.set("title", kHostile);
    content.set("subtitle", kHostile);
    Poco::JSON::Object::Ptr section = new Poco::JSON::Object;
    section->set("heading", kHostile);
    section->set("body", std::string(kHostile) + "\n\n- " + kHostile);
    Poco::JSON::Array::Ptr sections = new Poco::JSON::Array;
    sections->add(section);
    content.set("sections", sections);
    Poco::JSON::Object::Ptr cta = new Poco::JSON::Object;
    cta->set("text", kHostile);
    cta->set("label", kHostile);
    cta->set("url", "https://example.com/");
    content.set("callToAction", cta);

    auto html = renderLeadMagnet(content, lead_, project_);
    EXPECT_THAT(html, Not(HasSubstr("<script")));
    EXPECT_THAT(html, Not(HasSubstr("<b>")));
    EXPECT_THAT(html, Not(HasSubstr("<i>")));
    EXPECT_THAT(html, Not(HasSubstr("'y'")));
    EXPECT_THAT(html, HasSubstr("<title>" + std::string(kEscaped) + "</title>"));
    EXPECT_THAT(html, HasSubstr("<h1>" + std::string(kEscaped) + "</h1>"));
    EXPECT_THAT(html, HasSubstr("<p class=\"subtitle\">" + std::string(kEscaped) + "</p>"));
    EXPECT_THAT(html, HasSubstr("<h2>" + std::string(kEscaped) + "</h2>"));
    EXPECT_THAT(html, HasSubstr("<p>" + std::string(kEscaped) + "</p>"));
    EXPECT_THAT(html, HasSubstr("<li>" + std::string(kEscaped) + "</li>"));
    EXPECT_THAT(html, HasSubstr("<p>" + std::string(kEscaped) + "</p>\n<a"));  // the CTA text
    EXPECT_THAT(html, HasSubstr(">" + std::string(kEscaped) + "</a>"));        // its label
    EXPECT_THAT(html, HasSubstr("<meta name=\"description\" content=\"" + std::string(kEscaped)));
    EXPECT_THAT(html, HasSubstr("<meta property=\"og:title\" content=\"" + std::string(kEscaped)));
    EXPECT_THAT(html, HasSubstr("Prepared for <bdi>&lt;b&gt;Ada&lt;/b&gt; &amp; &apos;Co&apos;"));
    EXPECT_THAT(html, HasSubstr("&lt;i&gt;Guides&lt;/i&gt;"));
}

TEST_F(PageRenderer, PreparedForFallsBackToTheEmail) {
    lead_.fieldsJson = R"({"email":"a<b>@example.com"})";
    lead_.email = "a<b>@example.com";
    EXPECT_THAT(render(R"({"title":"T"})"),
                HasSubstr("Prepared for <bdi>a&lt;b&gt;@example.com</bdi>"));
}

TEST_F(PageRenderer, BodyTextBecomesParagraphsAtBlankLines) {
    auto html = renderBody("a\nb\n\nc");
    EXPECT_THAT(html, HasSubstr("<p>a b</p>\n<p>c</p>"));
    EXPECT_EQ(occurrences(html, "<p>"), 2u);
    EXPECT_THAT(html, Not(HasSubstr("<ul>")));
}

TEST_F(PageRenderer, SurroundingWhitespaceAndExtraBlankLinesMakeNoEmptyParagraphs) {
    auto html = renderBody("\n\n  a  \n\n\n\n b\r\n\n");
    EXPECT_THAT(html, HasSubstr("<p>a</p>\n<p>b</p>"));
    EXPECT_EQ(occurrences(html, "<p>"), 2u);
    EXPECT_THAT(html, Not(HasSubstr("<p></p>")));
}

TEST_F(PageRenderer, DashedLinesBecomeABulletedList) {
    auto html = renderBody("- x\n- y");
    EXPECT_THAT(html, HasSubstr("<ul>\n<li>x</li>\n<li>y</li>\n</ul>"));
    EXPECT_EQ(occurrences(html, "<ul>"), 1u);
    EXPECT_EQ(occurrences(html, "<li>"), 2u);
    EXPECT_EQ(occurrences(html, "<p>"), 0u);
}

TEST_F(PageRenderer, ParagraphsAndListsMix) {
    auto html = renderBody("Intro line\n* one\n* two\ncontinued\n\nOutro");
    EXPECT_THAT(html, HasSubstr("<p>Intro line</p>\n<ul>\n<li>one</li>\n<li>two continued</li>\n"
                                "</ul>\n<p>Outro</p>"));
}

TEST_F(PageRenderer, SectionsWithoutHeadingOrBodyAreLeftOut) {
    auto html = render(R"({"title":"T","sections":[{"heading":"","body":"  "},{"body":"x"},
        "not an object",{"heading":"Only a heading"}]})");
    EXPECT_EQ(occurrences(html, "<section>"), 2u);
    EXPECT_THAT(html, HasSubstr("<p>x</p>"));
    EXPECT_THAT(html, HasSubstr("<h2>Only a heading</h2>"));
}

TEST_F(PageRenderer, ACallToActionLinksOnlyToHttpUrls) {
    for (const std::string url :
         {"javascript:alert(1)", "JavaScript:alert(document.cookie)", "ftp://example.com/file",
          "data:text/html,<script>alert(1)</script>", "//example.com/x", "/relative", "https://",
          "mailto:ada@example.com", ""}) {
        auto html = renderCta(url);
        EXPECT_THAT(html, Not(HasSubstr("<a "))) << url;
        EXPECT_THAT(html, Not(HasSubstr("class=\"button\""))) << url;
        EXPECT_THAT(html, Not(HasSubstr("alert"))) << url;
        // The call to action itself is still shown, without a link.
        EXPECT_THAT(html, HasSubstr("<aside class=\"cta\">\n<p>Book a call</p>\n</aside>")) << url;
    }
}

// A plugin's link follows the one URL rule (domain::isHttpUrl): with a space or a control
// character in it, the call to action is shown without a link.
TEST_F(PageRenderer, ACallToActionWithASpaceOrControlCharacterIsNotLinked) {
    for (const std::string url : {"https://example.com/book now", "https://example.com/\nbook",
                                  "https://exa\x01mple.com/", "https://example.com/\tbook"}) {
        auto html = renderCta(url);
        EXPECT_THAT(html, Not(HasSubstr("<a "))) << url;
        EXPECT_THAT(html, HasSubstr("<aside class=\"cta\">\n<p>Book a call</p>\n</aside>")) << url;
    }
}

TEST_F(PageRenderer, AnHttpCallToActionLinksToTheEscapedUrl) {
    auto https = renderCta("https://example.com/book?a=1&b=2");
    EXPECT_THAT(https,
                HasSubstr("<a class=\"button\" href=\"https://example.com/book?a=1&amp;b=2\""));
    EXPECT_THAT(https, HasSubstr(">Get started</a>"));  // the default label
    EXPECT_THAT(renderCta("http://example.com/"),
                HasSubstr("<a class=\"button\" href=\"http://example.com/\""));
    auto quoted = renderCta("https://example.com/?q=\"><script>x</script>");
    EXPECT_THAT(quoted, HasSubstr("<a class=\"button\" href=\"https://example.com/?q=&quot;&gt;&lt;"
                                  "script&gt;x&lt;/script&gt;\""));
    EXPECT_THAT(quoted, Not(HasSubstr("<script>")));
}

TEST_F(PageRenderer, WithoutACallToActionThereIsNoAside) {
    auto html = render(R"({"title":"T","sections":[{"heading":"H","body":"b"}]})");
    EXPECT_THAT(html, Not(HasSubstr("<aside")));
    EXPECT_THAT(html, Not(HasSubstr("<a ")));
}

TEST_F(PageRenderer, MissingOrNonTextValuesRenderEmpty) {
    auto html = render(R"({"title":42,"sections":[{"heading":["x"],"body":"b"}]})");
    EXPECT_THAT(html, HasSubstr("<h1></h1>"));
    EXPECT_THAT(html, Not(HasSubstr("42")));
    EXPECT_THAT(html, HasSubstr("<p>b</p>"));
}

TEST_F(PageRenderer, UsesTheProjectsPageTemplate) {
    project_.settingsJson =
        R"({"page":{"template":"<article><h1>{{title}}</h1>{{#sections}}<h2>{{heading}}</h2>{{/sections}}<p>{{preparedFor}}</p></article>"}})";
    auto html = render(R"({"title":"A & B","sections":[{"heading":"<One>","body":"x"}]})");
    EXPECT_EQ(html, "<article><h1>A &amp; B</h1><h2>&lt;One&gt;</h2><p>Ada Lovelace</p></article>");
}

TEST_F(PageRenderer, AnInvalidProjectTemplateIsRefusedWhenRendering) {
    project_.settingsJson = R"({"page":{"template":"{{{title}}}"}})";
    EXPECT_THROW(render(R"({"title":"<script>"})"), InvalidPageTemplate);
    project_.settingsJson = R"({"page":{"template":42}})";
    EXPECT_THROW(render(R"({"title":"T"})"), InvalidPageTemplate);
}

// Known hole (see the report): checkPageTemplate looks for "{{{" and "{{&" in the raw text, but
// Mustache trims tag contents and lets a template change its delimiters, so these still print the
// title unescaped. Enable once the check looks at the parsed tags.
TEST_F(PageRenderer, NoProjectTemplateCanPrintAValueUnescaped) {
    for (const std::string tmpl : {"{{ &title }}", "{{=<% %>=}}<%&title%>", "{{={ }=}}{&title}"}) {
        project_.settingsJson = R"({"page":{"template":")" + tmpl + R"("}})";
        try {
            EXPECT_THAT(render(R"({"title":"<script>x</script>"})"), Not(HasSubstr("<script>")))
                << tmpl;
        } catch (const InvalidPageTemplate&) {
            // refusing the template is fine too
        }
    }
}

// --- page templates ---------------------------------------------------------------------------

TEST(PageTemplate, AcceptsEscapedTagsSectionsAndComments) {
    EXPECT_NO_THROW(checkPageTemplate("<h1>{{title}}</h1>"));
    EXPECT_NO_THROW(checkPageTemplate("{{#sections}}{{heading}}{{/sections}}{{^x}}none{{/x}}"));
    EXPECT_NO_THROW(checkPageTemplate("{{! a comment }}plain"));
    EXPECT_NO_THROW(checkPageTemplate(""));
    EXPECT_NO_THROW(checkPageTemplate(std::string(templates("lead-magnet.mustache"))));
}

TEST(PageTemplate, RefusesUnescapedTags) {
    EXPECT_THROW(checkPageTemplate("<h1>{{{title}}}</h1>"), InvalidPageTemplate);
    EXPECT_THROW(checkPageTemplate("<h1>{{&title}}</h1>"), InvalidPageTemplate);
    try {
        checkPageTemplate("{{&title}}");
        FAIL();
    } catch (const InvalidPageTemplate& e) {
        EXPECT_THAT(e.what(), HasSubstr("unescaped"));
    }
}

TEST(PageTemplate, RefusesSyntaxErrors) {
    for (const std::string text :
         {"{{#open}}never closed", "{{/close}}", "{{title", "{{#a}}{{/b}}", "{{=<% =}}"}) {
        EXPECT_THROW(checkPageTemplate(text), InvalidPageTemplate) << text;
    }
}

TEST(PageTemplate, WithoutPageSettingsTheBuiltInIsUsed) {
    domain::Project project;
    EXPECT_EQ(pageTemplateOf(project), templates("lead-magnet.mustache"));
    project.settingsJson = R"({"content":{"template":"x"}})";
    EXPECT_EQ(pageTemplateOf(project), templates("lead-magnet.mustache"));
    project.settingsJson = R"({"page":{}})";
    EXPECT_EQ(pageTemplateOf(project), templates("lead-magnet.mustache"));
    project.settingsJson = R"({"page":{"template":"<p>{{title}}</p>"}})";
    EXPECT_EQ(pageTemplateOf(project), "<p>{{title}}</p>");
}

TEST(PageTemplate, AProjectTemplateIsChecked) {
    domain::Project project;
    project.settingsJson = R"({"page":{"template":"{{&title}}"}})";
    EXPECT_THROW(pageTemplateOf(project), InvalidPageTemplate);
    project.settingsJson = R"({"page":{"template":"{{#x}}"}})";
    EXPECT_THROW(pageTemplateOf(project), InvalidPageTemplate);
    project.settingsJson = R"({"page":{"template":["not text"]}})";
    EXPECT_THROW(pageTemplateOf(project), InvalidPageTemplate);
}

TEST(PageTemplate, TheBuiltInPagesPrintNothingUnescaped) {
    // The status pages include the style they share ({{>style}}: our file, not a value), the one
    // tag a project's template may not use; page.css, read as a template, has no tags at all.
    for (auto name :
         {"lead-magnet.mustache", "preparing.mustache", "failed.mustache", "not-found.mustache",
          "unsubscribe.mustache", "unsubscribed.mustache", "unsubscribe-refused.mustache"}) {
        constexpr std::string_view kStyle = "{{>style}}";
        std::string text(templates(name));
        for (auto at = text.find(kStyle); at != std::string::npos; at = text.find(kStyle)) {
            text.erase(at, kStyle.size());
        }
        EXPECT_NO_THROW(checkPageTemplate(text)) << name;
    }
    EXPECT_THAT(std::string(templates("page.css")), Not(HasSubstr("{{")));
}

// --- the other pages --------------------------------------------------------------------------

TEST(StatusPages, PreparingShowsTheJobsProgressAndRefreshes) {
    domain::Job job;
    job.status = domain::JobStatus::ContentRunning;
    job.nextStep = domain::StepName::Content;
    domain::JobStep research;
    research.name = domain::StepName::Research;
    research.status = domain::StepStatus::Completed;
    domain::JobStep content;
    content.name = domain::StepName::Content;
    content.status = domain::StepStatus::Running;
    content.progress = 50;
    job.steps = {research, content};

    auto html = renderPreparing(job);
    EXPECT_THAT(html, HasSubstr("<meta http-equiv=\"refresh\" content=\"5\">"));
    EXPECT_THAT(html, HasSubstr("aria-valuenow=\"65\""));  // 40 + 50% of the content band (40-90)
    EXPECT_THAT(html, HasSubstr("width:65%"));
    EXPECT_THAT(html, HasSubstr("Content generation"));
}

TEST(StatusPages, PreparingAQueuedJobShowsZeroAndWaiting) {
    domain::Job job;
    auto html = renderPreparing(job);
    EXPECT_THAT(html, HasSubstr("aria-valuenow=\"0\""));
    EXPECT_THAT(html, HasSubstr("Waiting to start"));
    EXPECT_THAT(html, HasSubstr("http-equiv=\"refresh\""));
}

TEST(StatusPages, FailedAndNotFoundAreCompletePages) {
    auto failed = renderFailed();
    auto notFound = renderNotFound();
    for (const auto& html : {failed, notFound}) {
        EXPECT_THAT(html,
                    AllOf(HasSubstr("<!DOCTYPE html>"), HasSubstr("<h1>"), HasSubstr("</html>")));
        EXPECT_THAT(html, Not(HasSubstr("{{")));
        EXPECT_THAT(html, Not(HasSubstr("refresh")));
    }
    EXPECT_NE(failed, notFound);
}

TEST(StatusPages, ShareOneStyle) {
    std::string style(templates("page.css"));
    ASSERT_TRUE(style.ends_with("}\n"));
    style.pop_back();
    for (const auto& html :
         {renderFailed(), renderNotFound(), renderPreparing(domain::Job{}),
          renderBuiltInPage("unsubscribe.mustache"), renderBuiltInPage("unsubscribed.mustache"),
          renderBuiltInPage("unsubscribe-refused.mustache")}) {
        EXPECT_THAT(html, HasSubstr("<link rel=\"icon\" href=\"data:,\">\n<style>" + style +
                                    "</style>\n</head>"));
    }
}
