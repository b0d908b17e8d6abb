#include "outreach/icp/Vocabulary.hpp"

#include "outreach/icp/Text.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::outreach::icp {

std::string seniorityKey(const std::string& text) {
    const std::string key = tokenKey(text);
    return vocabulary::seniorityKeyOf(*vocabulary::vocabularyInForce(), key).value_or(key);
}

std::string departmentKey(const std::string& text) {
    const std::string key = tokenKey(text);
    return vocabulary::departmentKeyOf(*vocabulary::vocabularyInForce(), key).value_or(key);
}

std::string fundingStageKey(const std::string& text) {
    return tokenKey(text);
}

}  // namespace lodestone::outreach::icp
