// What the lead-magnet page shows beside the content: the page's language and the reader's
// name's, the sender and the brand, the date, the meta description and Open Graph tags, and a
// call to action that is a working link (the tracked calendar link when there is one).
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

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

class PageBranding : public ::testing::Test {
  protected:
    PageBranding() {
        lead_.id = "lead_1";
        lead_.email = "ada@example.com";
        lead_.fieldsJson = R"({"email":"ada@example.com","fullName":"Ada Lovelace"})";
        lead_.leadMagnetUrl = "https://go.acme.example/lead_1";
        project_.id = "proj_1";
        project_.name = "Guides";
    }

    std::string render(const std::string& contentJson = kContent) {
        auto content = Poco::JSON::Parser().parse(contentJson).extract<Poco::JSON::Object::Ptr>();
        return renderLeadMagnet(*content, lead_, project_, context_);
    }

    static constexpr const char* kContent =
        R"({"title":"A briefing","subtitle":"For Ada: what we know",
            "sections":[{"heading":"H","body":"First paragraph.\n\nSecond."}],
            "callToAction":{"text":"Book 30 minutes with Sam Lee"}})";

    domain::Lead lead_;
    domain::Project project_;
    PageContext context_;
};

}  // namespace

TEST_F(PageBranding, TheLanguageComesFromTheProjectAndTheNameFromItsScript) {
    EXPECT_THAT(render(), HasSubstr("<html lang=\"en\">"));
    project_.settingsJson = R"({"language":"de-CH"})";
    EXPECT_THAT(render(), HasSubstr("<html lang=\"de-CH\">"));
    project_.settingsJson = R"({"language":"ar"})";
    EXPECT_THAT(render(), HasSubstr("<html lang=\"ar\" dir=\"rtl\">"));
    lead_.fieldsJson = R"({"email":"taro@sakura.co.jp","fullName":"山田 太郎"})";
    lead_.email = "taro@sakura.co.jp";
    EXPECT_THAT(render(), HasSubstr("Prepared for <bdi lang=\"ja\">山田 太郎</bdi>"));
}

TEST_F(PageBranding, ShowsTheSenderTheBrandAndTheDate) {
    project_.settingsJson = R"({"brand":{"name":"Lodestar Advisory","sender_name":"Sam Lee",
        "sender_title":"Head of Partnerships"}})";
    context_.preparedAt = 1764000000000;  // 2025-11-24T16:00:00Z
    const std::string html = render();
    EXPECT_THAT(html, HasSubstr("<span class=\"brand\">Lodestar Advisory</span>"));
    EXPECT_THAT(html, HasSubstr("Prepared for <bdi>Ada Lovelace</bdi> by Sam Lee, Head of "
                                "Partnerships at Lodestar Advisory &middot; <time "
                                "datetime=\"2025-11-24\">24 November 2025</time>"));
    EXPECT_THAT(html, HasSubstr("<p class=\"sender\"><strong>Sam Lee</strong>, Head of "
                                "Partnerships, Lodestar Advisory</p>"));
    EXPECT_THAT(html, HasSubstr("<meta property=\"og:site_name\" content=\"Lodestar Advisory\">"));
}

TEST_F(PageBranding, ServesTheLogoFromItsOwnAddressAndColoursTheButton) {
    project_.settingsJson = R"({"brand":{"name":"Lodestar","logo_path":"/srv/brand/logo.png",
        "accent_color":"#ffd700"}})";
    lead_.leadMagnetUrl = "https://go.acme.example/lead_1";
    const std::string html = render();
    EXPECT_THAT(html,
                HasSubstr("<img class=\"logo\" src=\"/assets/proj_1/logo\" alt=\"Lodestar\">"));
    EXPECT_THAT(html, HasSubstr("<meta property=\"og:image\" "
                                "content=\"https://go.acme.example/assets/proj_1/logo\">"));
    // A light accent gets dark text on its buttons.
    EXPECT_THAT(html, HasSubstr(":root{--accent:#ffd700;--on-accent:#111}"));
    EXPECT_THAT(html, Not(HasSubstr("/srv/brand")));  // the file's path stays on the server
}

TEST_F(PageBranding, HasADescriptionAndOpenGraphTags) {
    const std::string html = render();
    EXPECT_THAT(html,
                AllOf(HasSubstr("<meta name=\"description\" content=\"For Ada: what we know\">"),
                      HasSubstr("<meta property=\"og:type\" content=\"article\">"),
                      HasSubstr("<meta property=\"og:title\" content=\"A briefing\">"),
                      HasSubstr("<meta property=\"og:url\" "
                                "content=\"https://go.acme.example/lead_1\">"),
                      HasSubstr("<meta name=\"robots\" content=\"noindex\">")));
    // Without a subtitle the first paragraph describes the page, cut at a word to 160 bytes.
    std::string words;
    for (int i = 0; i < 40; ++i) words += "word" + std::to_string(i) + " ";
    const std::string noSubtitle =
        render(R"({"title":"T","sections":[{"heading":"H","body":")" + words + R"("}]})");
    const auto start = noSubtitle.find("<meta name=\"description\" content=\"") + 34;
    const std::string description = noSubtitle.substr(start, noSubtitle.find('"', start) - start);
    EXPECT_THAT(description, ::testing::StartsWith("word0 word1 word2"));
    EXPECT_THAT(description, ::testing::EndsWith("word23…"));
    EXPECT_LE(description.size(), 160u);
}

TEST_F(PageBranding, ACalendarLinkBecomesTheButtonEvenWithoutAContentUrl) {
    context_.bookingPath = "/b/lead_1";
    const std::string html = render();
    EXPECT_EQ(occurrences(html,
                          "<a class=\"button\" href=\"/b/lead_1\" rel=\"noopener noreferrer\">"
                          "Choose a time</a>"),
              2u);
    EXPECT_THAT(html, HasSubstr("<p>Book 30 minutes with Sam Lee</p>"));
    // It replaces whatever link the content had, a script URL included.
    const std::string replaced =
        render(R"json({"title":"T","callToAction":{"text":"Go","url":"javascript:alert(1)"}})json");
    EXPECT_THAT(replaced, AllOf(HasSubstr("href=\"/b/lead_1\""), Not(HasSubstr("javascript"))));
}

TEST_F(PageBranding, WithoutALinkTheCallToActionIsPlainTextNotAButton) {
    const std::string html = render();
    EXPECT_THAT(html,
                HasSubstr("<aside class=\"cta\">\n<p>Book 30 minutes with Sam Lee</p>\n</aside>"));
    EXPECT_THAT(html, Not(HasSubstr("class=\"button\"")));
    EXPECT_THAT(html, Not(HasSubstr("class=\"cta-top\"")));
}

TEST_F(PageBranding, EscapesBrandAndSenderText) {
    project_.settingsJson = R"({"brand":{"name":"<script>x</script>","sender_name":"A&B \"C\""}})";
    const std::string html = render();
    EXPECT_THAT(html, AllOf(Not(HasSubstr("<script>")), HasSubstr("&lt;script&gt;x&lt;/script&gt;"),
                            HasSubstr("by A&amp;B &quot;C&quot;")));
}
