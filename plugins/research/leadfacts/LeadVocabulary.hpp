// The vocabulary (vocabulary.yaml) as research reads it: the file's words, and the tables made
// from them once (title and industry words folded for matching), since making them costs more
// than a lookup. A plugin instance makes one at configure() and passes it to what it calls; a
// reload configures new instances, so a run keeps the words it started with.
#pragma once

#include <memory>
#include <vector>

#include "IndustryTerms.hpp"
#include "Titles.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {

class LeadVocabulary {
  public:
    // Throws std::runtime_error for a word the tables cannot be made of (an empty one).
    explicit LeadVocabulary(std::shared_ptr<const vocabulary::Vocabulary> source);

    // The file's words: industries, seniorities, departments, size bands and categories.
    const vocabulary::Vocabulary& source() const { return *source_; }
    const TitleRules& titles() const { return titles_; }
    const std::vector<IndustryTerms>& industryTerms() const { return industryTerms_; }

  private:
    std::shared_ptr<const vocabulary::Vocabulary> source_;
    TitleRules titles_;
    std::vector<IndustryTerms> industryTerms_;
};

}  // namespace lodestone::research_basic
