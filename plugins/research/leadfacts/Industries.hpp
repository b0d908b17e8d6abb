// Industry names people type ("SaaS", "fintech", "Hospital & Health Care") mapped to one
// canonical set, so content can be chosen by industry.
#pragma once

#include <string>
#include <string_view>

namespace lodestone::research_basic {

class LeadVocabulary;

// The canonical name ("Software", "Financial Services", …) of the first industry of `vocab` the
// text names; an industry outside the table comes back title-cased ("food & beverage" ->
// "Food & Beverage"). Empty for blank text.
std::string normaliseIndustry(const LeadVocabulary& vocab, std::string_view text);

}  // namespace lodestone::research_basic
