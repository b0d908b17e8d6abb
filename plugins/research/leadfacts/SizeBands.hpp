// Company size as people and data vendors write it ("11-50", "1,000-5,000", "10k+", "small")
// mapped to the head-count bands and size categories of the vocabulary (vocabulary.yaml) given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_basic {

class LeadVocabulary;

struct CompanySize {
    // "1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5001-10000", "10000+";
    // nothing when only a word was given ("enterprise"): a band would claim a headcount the
    // lead never gave.
    std::optional<std::string> band;
    // "micro" (1-10), "small" (11-50), "mid_market" (51-1000), "enterprise" (1001+).
    std::string category;
    // The head count itself when the text names one number ("2500", "2,500", "2.5k", "~2500",
    // "about 300"): used as given. Nothing for a range or a bound ("1k-5k", "50+", "under 10"),
    // whose only honest reading is its band; no midpoint is made up.
    std::optional<std::int64_t> headcount;
};

// Nothing when the text is neither a headcount nor a size word, or holds words beside its
// numbers that are not about head count ("Q3 2020", "3 offices"): unknown, never a guess.
// Thousands separators are ",", "." and a space ("2,500", "2.500", "2 500" are all 2500); a
// point is a decimal one only when it is not followed by exactly three digits ("2.5k").
std::optional<CompanySize> parseCompanySize(const LeadVocabulary& vocab, std::string_view text);

// A head count named in prose ("a 40-person agency", "team of 12", "about 1,200 employees",
// "50-100 staff": a range by its upper end), and where its words are: bytes [begin, end). Only a
// number joined to a word of head count counts: "met 2 people" says nothing of the company.
struct HeadcountMention {
    CompanySize size;
    std::size_t begin;
    std::size_t end;
};
std::optional<HeadcountMention> headcountIn(const LeadVocabulary& vocab, std::string_view text);

// The band and category of a head count; nothing below 1.
std::optional<CompanySize> sizeOfHeadcount(const LeadVocabulary& vocab, std::int64_t headcount);

// For facts: "mid-market", …
std::string sizeCategoryLabel(const LeadVocabulary& vocab, std::string_view category);

}  // namespace lodestone::research_basic
