// The words research infers an industry from when the lead does not give one: the `anywhere` and
// `inNames` words of the vocabulary's industries (vocabulary.yaml, docs/plugins.md), in English,
// French, German and Spanish.
#pragma once

#include <string>
#include <vector>

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

namespace lodestone::research_basic {

// One word or phrase of the vocabulary, folded as titleWords() folds text (lower case, no
// accents). A one-word term may be a compound's start ("versicherung*") or end ("*agentur").
struct IndustryTerm {
    std::vector<std::string> words;
    bool anyStart = false;  // "*agentur": any word ending so
    bool anyEnd = false;    // "versicherung*": any word starting so
};

struct IndustryTerms {
    std::string industry;
    // Phrases that name the industry wherever they are written: notes, titles, a website's text.
    std::vector<IndustryTerm> anywhere;
    // Words that name it in a company's name or domain only ("Acme Hotels").
    std::vector<IndustryTerm> inNames;
    // Named anywhere in a text, it decides over the leftmost industry word ("Resort & Casino").
    bool outranks = false;
};

// The vocabulary's industries' words, folded (LeadVocabulary holds them). Throws
// std::runtime_error for an empty word or a wildcard on a phrase.
std::vector<IndustryTerms> industryTermsOf(const vocabulary::Vocabulary& vocabulary);

}  // namespace lodestone::research_basic
