#include "SiteText.hpp"

#include <vector>

#include "JsonLd.hpp"
#include "leadfacts/Inference.hpp"
#include "leadfacts/SizeBands.hpp"

namespace lodestone::research_web {
namespace {

using research_basic::Clue;

std::string openGraphOf(const PageFacts& facts, const std::string& name) {
    for (const auto& [key, value] : facts.openGraph) {
        if (key == name) return value;
    }
    return "";
}

// The texts of the pages, home first, in order of trust: the names the site gives itself (read
// as a company's name), then what it says it does (read as notes: only phrases that name an
// industry wherever they are written). Each clue's label is its page's address.
std::vector<Clue> cluesOf(const CrawlResult& crawl) {
    std::vector<Clue> names, prose;
    for (const auto& page : crawl.pages) {
        const auto jsonLd = readJsonLd(page.facts.jsonLd);
        for (const auto& organization : jsonLd.organizations) {
            if (!organization.name.empty()) {
                names.push_back({page.url, organization.name, Clue::Kind::Name});
            }
            if (!organization.description.empty()) {
                prose.push_back({page.url, organization.description, Clue::Kind::Notes});
            }
        }
        // Only the home page's title names the company alone; others add "About us", "News".
        if (&page == &crawl.pages.front()) {
            if (const auto site = openGraphOf(page.facts, "og:site_name"); !site.empty()) {
                names.push_back({page.url, site, Clue::Kind::Name});
            }
            if (!page.facts.title.empty()) {
                names.push_back({page.url, page.facts.title, Clue::Kind::Name});
            }
        }
        for (const auto* text : {&page.facts.description, &page.facts.summary}) {
            if (!text->empty()) prose.push_back({page.url, *text, Clue::Kind::Notes});
        }
    }
    names.insert(names.end(), prose.begin(), prose.end());
    return names;
}

}  // namespace

void reportSiteIndustry(const CrawlResult& crawl, const std::string& label,
                        const LeadVocabulary& vocab, ResearchReport& report) {
    const auto industry = research_basic::inferIndustry(vocab, cluesOf(crawl));
    if (!industry || industry->labels.empty()) return;
    const std::string& page = industry->labels.front();
    if (report.profile("company.industry", industry->value, {"research", page})) {
        report.finding(label + "'s website says what it does: " + industry->value + " (" +
                           industry->source + ")",
                       page, "research");
    }
}

void reportSiteHeadcount(const CrawlResult& crawl, const std::string& label,
                         const LeadVocabulary& vocab, ResearchReport& report) {
    for (const auto& page : crawl.pages) {
        std::vector<std::string> texts;
        for (const auto& organization : readJsonLd(page.facts.jsonLd).organizations) {
            texts.push_back(organization.description);
        }
        texts.push_back(page.facts.description);
        texts.push_back(page.facts.summary);
        for (const auto& text : texts) {
            const auto mention = research_basic::headcountIn(vocab, text);
            if (!mention || !mention->size.band) continue;
            if (report.profile("company.employeeRange", *mention->size.band,
                               {"research", page.url})) {
                report.finding(label + "'s website gives its head count: \"" +
                                   text.substr(mention->begin, mention->end - mention->begin) +
                                   "\"",
                               page.url, "research");
            }
            return;
        }
    }
}

}  // namespace lodestone::research_web
