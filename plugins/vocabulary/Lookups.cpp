#include <algorithm>
#include <cctype>

#include "vocabulary/Vocabulary.hpp"

namespace lodestone::vocabulary {
namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

template <typename Entry>
std::optional<std::string> keyOf(const std::vector<Entry>& entries, std::string_view token) {
    for (const auto& entry : entries) {
        if (sameIgnoringCase(entry.key, token)) return entry.key;
        for (const auto& alias : entry.aliases) {
            if (sameIgnoringCase(alias, token)) return entry.key;
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> seniorityKeyOf(const Vocabulary& vocabulary, std::string_view token) {
    return keyOf(vocabulary.seniorities, token);
}

std::optional<std::string> departmentKeyOf(const Vocabulary& vocabulary, std::string_view token) {
    return keyOf(vocabulary.departments, token);
}

const Industry* industryNamed(const Vocabulary& vocabulary, std::string_view name) {
    for (const auto& industry : vocabulary.industries) {
        if (sameIgnoringCase(industry.name, name)) return &industry;
    }
    return nullptr;
}

const SizeBand* sizeBandOf(const Vocabulary& vocabulary, std::int64_t headcount) {
    for (const auto& band : vocabulary.sizeBands) {
        if (headcount >= band.min && (!band.max || headcount <= *band.max)) return &band;
    }
    return nullptr;
}

std::string seniorityLabel(const Vocabulary& vocabulary, std::string_view key) {
    for (const auto& seniority : vocabulary.seniorities) {
        if (seniority.key == key) return seniority.label;
    }
    return std::string(key);
}

std::string departmentLabel(const Vocabulary& vocabulary, std::string_view key) {
    for (const auto& department : vocabulary.departments) {
        if (department.key == key) return department.label;
    }
    return std::string(key);
}

std::string sizeCategoryLabel(const Vocabulary& vocabulary, std::string_view key) {
    for (const auto& category : vocabulary.sizeCategories) {
        if (category.key == key) return category.label;
    }
    return std::string(key);
}

}  // namespace lodestone::vocabulary
