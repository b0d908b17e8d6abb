// The research contract's vocabularies (docs/plugins.md): seniority and department from a job
// title, the canonical industries, size bands and categories.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_basic {
class LeadVocabulary;
}  // namespace lodestone::research_basic

namespace lodestone::research_web {

using research_basic::LeadVocabulary;

// Each reads with the words of `vocab` (vocabulary.yaml).

// executive, vp, head, director, manager, senior, entry or individual_contributor; "unknown"
// for an empty title.
std::string seniorityOf(const LeadVocabulary& vocab, std::string_view title);
// engineering, sales, marketing, ...; nothing when no word of the title says.
std::optional<std::string> departmentOf(const LeadVocabulary& vocab, std::string_view title);

// One of the canonical industries when a word of `text` names one (the leftmost wins), else
// `text` title-cased; nothing for empty text.
std::optional<std::string> canonicalIndustry(const LeadVocabulary& vocab, std::string_view text);

// 1-10, 11-50, ..., 10000+ for a headcount.
std::string sizeBandOf(const LeadVocabulary& vocab, long employees);
// The band holding a range's upper end ("201-500" -> "201-500", "51-150" -> "51-200", "500+" ->
// "501-1000"); nothing for text that is no range.
std::optional<std::string> sizeBandOfRange(const LeadVocabulary& vocab, std::string_view range);
// micro, small, mid_market or enterprise for a band.
std::string sizeCategoryOf(const LeadVocabulary& vocab, const std::string& band);

}  // namespace lodestone::research_web
