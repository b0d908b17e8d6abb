#include "LeadVocabulary.hpp"

#include <stdexcept>

namespace lodestone::research_basic {

LeadVocabulary::LeadVocabulary(std::shared_ptr<const vocabulary::Vocabulary> source)
    : source_(std::move(source)) {
    if (!source_) throw std::invalid_argument("LeadVocabulary: no vocabulary");
    titles_ = titleRulesOf(*source_);
    industryTerms_ = industryTermsOf(*source_);
}

}  // namespace lodestone::research_basic
