// libFuzzer target: one web page's bytes through everything research-web does with a page it
// fetched: charset decoding, gumbo within its limits, the extraction walk, JSON-LD, link
// picking, technology fingerprints (the shipped file) and the report. A crash, a sanitizer
// report, a timeout, an exception or a broken invariant below is a finding.
#include <Poco/JSON/Parser.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "Crawl.hpp"
#include "JsonLd.hpp"
#include "LinkPicker.hpp"
#include "ResearchReport.hpp"
#include "SiteFindings.hpp"
#include "Technologies.hpp"
#include "Text.hpp"
#include "leadfacts/LeadVocabulary.hpp"

namespace {

using namespace lodestone::research_web;

const Fingerprints& fingerprints() {
    static const Fingerprints shipped = Fingerprints::load(LODESTONE_FINGERPRINTS);
    return shipped;
}

void requireUtf8(const std::string& text) {
    if (validUtf8(text) != text) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The first byte picks the headers the page came with, so both charset paths are reached.
    HttpAnswer answer;
    answer.status = 200;
    const unsigned char flavour = size > 0 ? data[0] : 0;
    answer.headers = {{"Content-Type", flavour % 3 == 0   ? "text/html"
                                       : flavour % 3 == 1 ? "text/html; charset=windows-1252"
                                                          : "text/html; charset=utf-8"},
                      {"Set-Cookie", "a=1; Path=/, hubspotutk=2"}};
    if (size > 0) answer.body.assign(reinterpret_cast<const char*>(data) + 1, size - 1);

    const std::string url = "http://acme.example/";
    ReadPage page{url, PageKind::Home, answer.headers, {}};
    std::vector<std::string> warnings;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    if (!readHtml(url, answer, deadline, {}, page.facts, warnings)) return 0;

    const PageFacts& facts = page.facts;
    if (facts.links.size() > 1000 || facts.scriptSources.size() > 200 ||
        facts.startTags.size() > 3000 || facts.jsonLd.size() > 16 || facts.emails.size() > 10 ||
        facts.phones.size() > 10 || facts.headings.size() > 40 || facts.posts.size() > 50) {
        std::abort();
    }
    requireUtf8(facts.title);
    requireUtf8(facts.description);
    requireUtf8(facts.summary);
    for (const auto& heading : facts.headings) requireUtf8(heading);
    for (const auto& link : facts.links) {
        requireUtf8(link.text);
        if (!link.url.starts_with("http://") && !link.url.starts_with("https://")) std::abort();
    }
    for (const auto& tag : facts.startTags) {
        if (tag.size() > 513) std::abort();
    }
    pickLinks(facts.links, "acme.example", "acme.example", 20);

    CrawlResult crawl;
    crawl.pages.push_back(std::move(page));
    ResearchReport report;
    static const lodestone::research_basic::LeadVocabulary vocab(
        lodestone::vocabulary::builtInVocabulary());
    reportSite(crawl, fingerprints(), "", "acme.example", vocab, report);
    // What the daemon stores must be one JSON object.
    const std::string json = report.json();
    try {
        Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
    } catch (...) {
        std::abort();
    }
    return 0;
}
