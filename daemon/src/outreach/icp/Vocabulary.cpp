#include "outreach/icp/Vocabulary.hpp"

#include "outreach/icp/Text.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::outreach::icp {

std::string seniorityKey(const vocabulary::Vocabulary& vocabulary, const std::string& text) {
    const std::string key = tokenKey(text);
    return vocabulary::seniorityKeyOf(vocabulary, key).value_or(key);
}

std::string departmentKey(const vocabulary::Vocabulary& vocabulary, const std::string& text) {
    const std::string key = tokenKey(text);
    return vocabulary::departmentKeyOf(vocabulary, key).value_or(key);
}

namespace {

const vocabulary::Industry* industryOf(const vocabulary::Vocabulary& vocabulary,
                                       const std::string& key) {
    // A name first: "Higher Education" is an industry of its own as well as one of Education's
    // synonyms.
    for (const auto& industry : vocabulary.industries) {
        if (nameKey(industry.name) == key) return &industry;
    }
    for (const auto& industry : vocabulary.industries) {
        for (const auto& synonym : industry.synonyms) {
            if (nameKey(synonym) == key) return &industry;
        }
    }
    return nullptr;
}

}  // namespace

std::string industryKey(const vocabulary::Vocabulary& vocabulary, const std::string& text) {
    const std::string key = nameKey(text);
    const auto* industry = industryOf(vocabulary, key);
    return industry ? nameKey(industry->name) : key;
}

std::string industryParentKey(const vocabulary::Vocabulary& vocabulary, const std::string& text) {
    const auto* industry = industryOf(vocabulary, nameKey(text));
    return industry && industry->parent ? nameKey(*industry->parent) : "";
}

std::string fundingStageKey(const std::string& text) {
    return tokenKey(text);
}

}  // namespace lodestone::outreach::icp
