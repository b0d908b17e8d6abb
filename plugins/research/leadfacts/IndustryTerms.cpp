#include "IndustryTerms.hpp"

#include <stdexcept>

#include "Titles.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {
namespace {

IndustryTerm termOf(std::string text) {
    IndustryTerm term;
    if (text.starts_with('*')) {
        term.anyStart = true;
        text.erase(0, 1);
    }
    if (text.ends_with('*')) {
        term.anyEnd = true;
        text.pop_back();
    }
    term.words = titleWords(text);
    if (term.words.empty()) throw std::runtime_error("vocabulary: an empty industry word");
    if (term.words.size() > 1 && (term.anyStart || term.anyEnd)) {
        throw std::runtime_error("vocabulary: a wildcard on an industry phrase: " + text);
    }
    return term;
}

std::vector<IndustryTerm> termsOf(const std::vector<std::string>& list) {
    std::vector<IndustryTerm> terms;
    for (const auto& entry : list) terms.push_back(termOf(entry));
    return terms;
}

}  // namespace

std::vector<IndustryTerms> industryTermsOf(const vocabulary::Vocabulary& vocabulary) {
    std::vector<IndustryTerms> terms;
    for (const auto& industry : vocabulary.industries) {
        terms.push_back({industry.name, termsOf(industry.anywhere), termsOf(industry.inNames),
                         industry.outranks});
    }
    return terms;
}

}  // namespace lodestone::research_basic
