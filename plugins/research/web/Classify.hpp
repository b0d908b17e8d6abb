// The research contract's vocabularies (docs/plugins.md): seniority and department from a job
// title, the canonical industries, size bands and categories.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_web {

// executive, vp, head, director, manager, senior, entry or individual_contributor; "unknown"
// for an empty title.
std::string seniorityOf(std::string_view title);
// engineering, sales, marketing, ...; nothing when no word of the title says.
std::optional<std::string> departmentOf(std::string_view title);

// One of the canonical industries when a word of `text` names one (the leftmost wins), else
// `text` title-cased; nothing for empty text.
std::optional<std::string> canonicalIndustry(std::string_view text);

// 1-10, 11-50, ..., 10000+ for a headcount.
std::string sizeBandOf(long employees);
// The band holding a range's upper end ("201-500" -> "201-500", "51-150" -> "51-200", "500+" ->
// "501-1000"); nothing for text that is no range.
std::optional<std::string> sizeBandOfRange(std::string_view range);
// micro, small, mid_market or enterprise for a band.
std::string sizeCategoryOf(const std::string& band);

}  // namespace lodestone::research_web
