// research-web's parts on their own (its static library, no C boundary): charsets, the parser's
// limits, page extraction, fingerprints, link picking, contact details.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "Charset.hpp"
#include "Contacts.hpp"
#include "HtmlTree.hpp"
#include "LinkPicker.hpp"
#include "NestingGuard.hpp"
#include "PageExtract.hpp"
#include "Technologies.hpp"
#include "Text.hpp"

namespace lodestone::research_web {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

PageFacts extract(const std::string& html, const std::string& url = "http://acme.example/") {
    return extractPage(HtmlTree::parse(html, {}), url);
}

TEST(Charset, ComesFromTheHeaderABomOrAMeta) {
    EXPECT_EQ(declaredCharset("text/html; charset=\"ISO-8859-1\"", ""), "iso-8859-1");
    EXPECT_EQ(declaredCharset("text/html", "\xEF\xBB\xBF<html>"), "utf-8");
    EXPECT_EQ(declaredCharset("text/html", "<!-- <meta charset=koi8-r> --><meta charset=cp1252>"),
              "cp1252");
    EXPECT_EQ(declaredCharset("", R"(<meta http-equiv="Content-Type" content="text/html; )"
                                  R"(charset=windows-1252">)"),
              "windows-1252");
    EXPECT_EQ(declaredCharset("text/html", "<html><body>no declaration</body></html>"), "");
}

TEST(Charset, DecodesWindows1252AndRepairsBrokenUtf8) {
    EXPECT_EQ(decodePage("caf\xE9 \x80\x92", "text/html; charset=latin1").text,
              "caf\xC3\xA9 \xE2\x82\xAC\xE2\x80\x99");
    EXPECT_EQ(decodePage("ok \xFF\xC3", "text/html; charset=utf-8").text,
              "ok \xEF\xBF\xBD\xEF\xBF\xBD");
    const DecodedText unknown = decodePage("abc", "text/html; charset=shift_jis");
    EXPECT_FALSE(unknown.understood);
    EXPECT_EQ(unknown.text, "abc");
}

TEST(HtmlTree, GivesUpOnAPageThatWouldTakeTooMuchMemory) {
    // Misnested formatting elements, each with attributes of its own, are reopened for every
    // paragraph: the tree grows with the square of the page.
    std::string bomb;
    for (int i = 0; i < 3000; ++i) bomb += "<p><b id=" + std::to_string(i) + "></p>";
    ParseLimits limits;
    limits.maxBytes = 8u << 20;
    try {
        HtmlTree::parse(bomb, limits);
        FAIL() << "parsed within 8 MiB";
    } catch (const ParseAborted& e) {
        EXPECT_THAT(e.what(), HasSubstr("needed more than 8 MiB"));
    }
}

TEST(HtmlTree, GivesUpAtItsDeadlineAndWhenCancelled) {
    std::string deep;
    for (int i = 0; i < 20000; ++i) deep += "<div>";
    ParseLimits late;
    late.deadline = std::chrono::steady_clock::now() - 1ms;
    EXPECT_THROW(HtmlTree::parse(deep, late), ParseAborted);
    ParseLimits cancelled;
    cancelled.cancelled = [] { return true; };
    EXPECT_THROW(HtmlTree::parse(deep, cancelled), ParseAborted);
}

std::string repeated(const std::string& piece, int times) {
    std::string text;
    for (int i = 0; i < times; ++i) text += piece;
    return text;
}

TEST(NestingGuard, CutsWhereNestingPassesTheLimit) {
    const std::string deep = "<html><body>" + repeated("<div class=\"x > y\">", 600);
    const std::size_t cut = nestingCut(deep, 512);
    EXPECT_EQ(deep.substr(cut, 5), "<div ");
    EXPECT_EQ(nestingCut(deep.substr(0, cut), 512), cut);  // what is left is not cut again
    // An end tag does not reach past an object to close the div before it, as in the parser.
    EXPECT_LT(nestingCut(repeated("<div><object></div>", 600), 512), 600u * 19);
}

TEST(NestingGuard, LeavesOrdinaryPagesWhole) {
    const std::string page =
        "<!DOCTYPE html><!-- <div><div> --><ul>" + repeated("<li>item<p>one<p>two", 2000) +
        "</ul><table>" + repeated("<tr><td>a<td>b", 2000) + "</table>" +
        repeated("<div><span>x</span><br><img src=a></div>", 2000) + "<script>" +
        repeated("<div>", 2000) + "</script><p>after" + repeated("<b><i>x</i></b>", 2000);
    EXPECT_EQ(nestingCut(page, 512), page.size());
}

TEST(PageExtract, DeepNestingIsCutWithoutRecursion) {
    std::string deep;
    for (int i = 0; i < 5000; ++i) deep += "<div>";
    const PageFacts facts = extract("<title>Deep</title>" + deep + "<p>unreachable text</p>");
    EXPECT_EQ(facts.title, "Deep");
    EXPECT_TRUE(facts.tooDeep);
}

// Found by fuzz_html_page: gumbo 0.10 turns an out-of-range numeric character reference into
// one raw byte, which is not UTF-8 (tests/fuzz/corpus/html_page/numeric-reference-overflow.html).
TEST(PageExtract, WhatGumboReturnsIsMadeValidUtf8) {
    const PageFacts facts = extract(
        "<title>t&#xAAAAAAAA;</title><meta name=description content=\"d&#xAAAAAAAAAAAAAAAA\">"
        "<h1>Bon&#xAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAjour</h1>"
        "<a href=/x title=\"&#xAAAAAAAA\">l&#xAAAAAAAA;</a>");
    for (const std::string& text : {facts.title, facts.description, facts.headings.at(0),
                                    facts.links.at(0).text, facts.startTags.back()}) {
        EXPECT_EQ(validUtf8(text), text) << text;
        EXPECT_NE(text.find("\xEF\xBF\xBD"), std::string::npos) << text;
    }
}

TEST(PageExtract, ReadsTheParts) {
    const PageFacts facts = extract(
        R"(<html><head><base href="https://cdn.acme.example/en/"><title> Acme   Ltd </title>)"
        R"(<meta property="og:site_name" content="Acme"><meta name="Generator" content="Hugo 0.1">)"
        R"(<script src="app.js"></script><script>var x = "<a href='/no'>";</script></head>)"
        R"(<body><h1>Hello <em>there</em></h1><a href="about">About &amp; more</a>)"
        R"(<a href="#top">Top</a><a href="mailto:Sales@Acme.example">x</a>)"
        R"(<article><h3>Launch</h3><time datetime="2026-01-02">Jan</time></article>)"
        R"(<p>Call +44 20 7946 0000 or write to hello@acme.example, not to v1.2@3x.png today.</p>)"
        R"(<svg><title>icon</title></svg></body></html>)");
    EXPECT_EQ(facts.title, "Acme Ltd");
    EXPECT_THAT(facts.headings, ElementsAre("Hello there", "Launch"));
    EXPECT_THAT(facts.scriptSources, ElementsAre("https://cdn.acme.example/en/app.js"));
    ASSERT_GE(facts.links.size(), 2u);
    EXPECT_EQ(facts.links[0].url, "https://cdn.acme.example/en/about");
    EXPECT_EQ(facts.links[0].text, "About & more");
    EXPECT_THAT(facts.emails, ElementsAre("Sales@acme.example", "hello@acme.example"));
    EXPECT_THAT(facts.phones, ElementsAre("+44 20 7946 0000"));
    ASSERT_EQ(facts.posts.size(), 1u);
    EXPECT_EQ(facts.posts[0].title, "Launch");
    EXPECT_EQ(facts.posts[0].date, "2026-01-02");
    EXPECT_THAT(facts.metaTags, ::testing::Contains(std::make_pair(std::string("generator"),
                                                                   std::string("Hugo 0.1"))));
}

Fingerprints fingerprints(const std::string& technologies) {
    return Fingerprints::parse(
        R"({"categories": {"1": {"name": "CMS"}, "2": {"name": "CDN"}}, "technologies": {)" +
            technologies + "}}",
        "test");
}

std::vector<std::string> names(const std::vector<Detection>& detections) {
    std::vector<std::string> out;
    for (const auto& detection : detections) out.push_back(detection.name);
    return out;
}

TEST(Technologies, MatchesEachKindOfPatternAndWhatItImplies) {
    const auto known = fingerprints(
        R"("Press": {"cats": [1], "meta": {"generator": "^Press ([\\d.]+)\\;version:\\1"},)"
        R"( "implies": ["Lang\\;confidence:50"]},)"
        R"("Lang": {"cats": [1]},)"
        R"("Edge": {"cats": [2], "headers": {"Server": "^edge$", "X-Edge": ""}},)"
        R"("Tracker": {"cats": [2], "cookies": {"trk": ""}, "scriptSrc": ["t\\.example/a\\.js"]},)"
        R"("Widget": {"cats": [2], "html": "<div[^>]+data-widget="})");
    PageSignals page;
    page.metaTags = {{"generator", "Press 5.1"}};
    page.headers = {{"server", "EDGE"}};
    page.cookies = {{"trk", "1"}};
    page.startTags = {R"(<div class="x" data-widget="y">)"};
    EXPECT_THAT(names(known.detect(page)),
                ElementsAre("Press", "Edge", "Tracker", "Widget", "Lang"));
    EXPECT_EQ(known.detect(page)[0].clue, "meta generator: Press 5.1");
    EXPECT_EQ(known.detect(page).back().clue, "implied by Press");
    EXPECT_TRUE(known.detect(PageSignals{}).empty());
}

TEST(Technologies, TriesPatternsOnBoundedValuesOnly) {
    const auto known = fingerprints(R"("Tail": {"cats": [1], "scriptSrc": "needle$"})");
    PageSignals page;
    page.scriptSources = {std::string(5000, 'a') + "needle"};
    EXPECT_TRUE(known.detect(page).empty());  // the needle lies past the first 1 KiB
}

TEST(Technologies, ABadFileNamesWhatIsWrong) {
    EXPECT_THROW(fingerprints(R"("X": {"cats": [1], "html": "[unclosed"})"), FingerprintError);
    EXPECT_THROW(fingerprints(R"("X": {"cats": "1"})"), FingerprintError);
    EXPECT_THROW(Fingerprints::parse("[]", "test"), FingerprintError);
    EXPECT_THROW(Fingerprints::load("/nonexistent.json"), FingerprintError);
}

TEST(Technologies, ReadsCookieNamesFromJoinedSetCookieHeaders) {
    const NamedValues cookies = cookiesFrom(
        {{"Set-Cookie", "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, b=2; HttpOnly"}});
    EXPECT_THAT(cookies, ElementsAre(std::make_pair(std::string("a"), std::string("1")),
                                     std::make_pair(std::string("b"), std::string("2"))));
}

TEST(LinkPicker, PicksOneSameSiteLinkPerKindInOrder) {
    const std::vector<Link> links = {
        {"https://www.acme.example/pricing", "Pricing"},
        {"https://www.acme.example/company/careers/engineer-42", "Engineer"},
        {"https://www.acme.example/careers", "Jobs"},
        {"https://other.example/about", "About"},
        {"https://acme.example/about-us", "Who we are"},
        {"https://www.acme.example/login?next=/blog", "Log in"},
        {"https://blog.acme.example/", "Blog"},
        {"https://www.acme.example/brochure.pdf", "Customers"}};
    const auto picked = pickLinks(links, "www.acme.example", "acme.example", 10);
    ASSERT_EQ(picked.size(), 4u);
    EXPECT_EQ(picked[0].url, "https://www.acme.example/careers");
    EXPECT_EQ(picked[1].url, "https://acme.example/about-us");
    EXPECT_EQ(picked[2].url, "https://blog.acme.example/");
    EXPECT_EQ(picked[2].kind, PageKind::News);
    EXPECT_EQ(picked[3].kind, PageKind::Pricing);
    EXPECT_EQ(pickLinks(links, "www.acme.example", "acme.example", 1).size(), 1u);
}

TEST(Contacts, FindsAddressesAndNumbersButNotLookalikes) {
    EXPECT_THAT(emailsIn("mail a.b+c@Example.CO.uk. or x@y, logo@2x.png", 10),
                ElementsAre("a.b+c@example.co.uk"));
    EXPECT_THAT(phonesIn("C++ 11 +1 (555) 010-9999, +12 and +49 30 1234567", 10),
                ElementsAre("+1 (555) 010-9999", "+49 30 1234567"));
    EXPECT_EQ(phoneFromTel("tel:+44%2020%207946%200000"), "+44 20 7946 0000");
    EXPECT_FALSE(emailFromMailto("mailto:not an address"));
}

TEST(Text, CutsOnCharacterBoundariesAndRepairsUtf8) {
    EXPECT_EQ(cut("caf\xC3\xA9s", 4), "caf\xC3\xA9\xE2\x80\xA6");
    EXPECT_EQ(validUtf8(std::string("a\0b", 3)),
              "a\xEF\xBF\xBD"
              "b");
    EXPECT_EQ(validUtf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
    EXPECT_EQ(collapseWhitespace("  a \xC2\xA0\t b  "), "a b");
}

}  // namespace
}  // namespace lodestone::research_web
