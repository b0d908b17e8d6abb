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

std::string fundingStageKey(const std::string& text) {
    return tokenKey(text);
}

}  // namespace lodestone::outreach::icp
