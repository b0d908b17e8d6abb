#include "bench/research/PageShapes.hpp"

#include "support/FixtureSite.hpp"

namespace lodestone::bench::research {
namespace {

// A marketing page as sites build them: nav, sections of cards with headings, paragraphs,
// links and images, scripts at the end.
std::string ordinaryPage(std::size_t bytes) {
    std::string page =
        "<!DOCTYPE html><html><head><meta charset=utf-8><title>Acme</title>"
        "<meta name=description content=\"Revenue analytics\">"
        "<script src=\"https://js.hs-scripts.com/1.js\"></script></head><body><nav>";
    for (int i = 0; i < 20; ++i)
        page += "<a href=\"/section-" + std::to_string(i) + "\">Section</a>";
    page += "</nav><main>";
    int card = 0;
    while (page.size() < bytes) {
        page += "<section class=\"cards\"><h2>Why teams choose us " + std::to_string(card) +
                "</h2><div class=\"grid\">";
        for (int i = 0; i < 6; ++i, ++card) {
            page += "<div class=\"card\" data-id=\"" + std::to_string(card) +
                    "\"><img src=\"/img/" + std::to_string(card) +
                    ".png\" alt=\"\"><h3>Feature</h3><p>Forecasts built from every deal in your "
                    "CRM, updated hourly, with the reasons behind each number.</p>"
                    "<a href=\"/features/" +
                    std::to_string(card) + "\">Learn more</a></div>";
        }
        page += "</div></section>";
    }
    return page + "</main></body></html>";
}

std::string nestedPage(std::size_t bytes) {
    std::string page;
    while (page.size() < bytes) page += "<div>";
    return page;
}

// Misnested formatting elements, each different, reopened for every paragraph.
std::string formattingBomb(std::size_t bytes) {
    std::string page;
    for (int i = 0; page.size() < bytes; ++i) page += "<p><b id=" + std::to_string(i) + "></p>";
    return page;
}

}  // namespace

std::vector<PageShape> pageShapes(std::size_t bytes) {
    using test::FixtureSite;
    const auto fixture = [](const std::string& host, const std::string& path) {
        return test::fixturePage(host, path).body;
    };
    return {
        {"home", "the fixture company's home page", fixture(FixtureSite::kAcme, "/")},
        {"careers", "its careers page, three JSON-LD job postings",
         fixture(FixtureSite::kAcme, "/careers")},
        {"blog", "its blog, articles with dates", fixture(FixtureSite::kAcme, "/blog")},
        {"malformed", "malformed HTML, 1000 nested divs", fixture(FixtureSite::kBroken, "/")},
        {"ordinary", "an ordinary marketing page at page_bytes", ordinaryPage(bytes)},
        {"nested", "hostile: <div> nested to page_bytes", nestedPage(bytes)},
        {"formatting", "hostile: misnested formatting elements", formattingBomb(bytes)},
    };
}

}  // namespace lodestone::bench::research
