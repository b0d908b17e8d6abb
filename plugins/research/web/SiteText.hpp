// What a company's pages say of it in their own words, read as research-basic reads the client's
// notes (research/leadfacts): the industry its name, title, description and about page name, and
// a head count written in a sentence ("Today 85 people work at Acme", "150 collaborateurs",
// "480 Mitarbeitende"), each as `research` evidence with the page it was read on.
#pragma once

#include "Classify.hpp"
#include "Crawl.hpp"
#include "ResearchReport.hpp"

namespace lodestone::research_web {

// Sets company.industry from the pages' text; nothing when no words of it name an industry.
// Both read with the words of `vocab`.
void reportSiteIndustry(const CrawlResult& crawl, const std::string& label,
                        const LeadVocabulary& vocab, ResearchReport& report);

// Sets company.employeeRange from the first head count a page's text names.
void reportSiteHeadcount(const CrawlResult& crawl, const std::string& label,
                         const LeadVocabulary& vocab, ResearchReport& report);

}  // namespace lodestone::research_web
