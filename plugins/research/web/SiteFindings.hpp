// What the company's website says, as research output: the organisation's own description of
// itself (JSON-LD, meta tags), where it is, how large and how old it is, its social profiles and
// contact details, with evidence "research" and the page each came from as source.
#pragma once

#include <string>

#include "Classify.hpp"
#include "Crawl.hpp"
#include "ResearchReport.hpp"
#include "Technologies.hpp"

namespace lodestone::research_web {

// Sentences name the company as the lead does (`leadCompany`), else as the website does, else
// by `domain`. Returns the name the website gives the company ("" when none).
// Departments and size bands are read with the words of `vocab`.
std::string reportSite(const CrawlResult& crawl, const Fingerprints& fingerprints,
                       const std::string& leadCompany, const std::string& domain,
                       const LeadVocabulary& vocab, ResearchReport& report);

}  // namespace lodestone::research_web
