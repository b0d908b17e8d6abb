// Company size as people and data vendors write it ("11-50", "1,000-5,000", "10k+", "small")
// mapped to canonical headcount bands and a size category.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_basic {

struct CompanySize {
    // "1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5001-10000", "10000+";
    // nothing when only a word was given ("enterprise"): a band would claim a headcount the
    // lead never gave.
    std::optional<std::string> band;
    // "micro" (1-10), "small" (11-50), "mid_market" (51-1000), "enterprise" (1001+).
    std::string category;
};

// Nothing when the text is neither a headcount nor a size word.
std::optional<CompanySize> parseCompanySize(std::string_view text);

// For facts: "mid-market", …
std::string sizeCategoryLabel(std::string_view category);

}  // namespace lodestone::research_basic
