// The signals scoring reads from a website: the technologies it runs, whether it is hiring (job
// postings, their departments) and its recent news.
#pragma once

#include <string>

#include "Classify.hpp"
#include "Crawl.hpp"
#include "JsonLd.hpp"
#include "ResearchReport.hpp"
#include "Technologies.hpp"

namespace lodestone::research_web {

// JSON-LD read from one page.
struct PageJsonLd {
    const ReadPage* page;
    JsonLdFacts facts;
};

void reportTechnologies(const CrawlResult& crawl, const Fingerprints& fingerprints,
                        ResearchReport& report);
// A posting without a department gets the one its title names in `vocab`.
void reportHiring(const CrawlResult& crawl, const std::vector<PageJsonLd>& jsonLd,
                  const std::string& label, const LeadVocabulary& vocab, ResearchReport& report);
void reportNews(const CrawlResult& crawl, const std::vector<PageJsonLd>& jsonLd,
                ResearchReport& report);

}  // namespace lodestone::research_web
