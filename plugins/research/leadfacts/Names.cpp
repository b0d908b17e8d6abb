#include "Names.hpp"

#include <set>
#include <vector>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

const std::set<std::string> kHonorifics = {"mr", "mrs",  "ms",  "miss", "mx",
                                           "dr", "prof", "sir", "dame"};
const std::set<std::string> kSuffixes = {"jr",  "sr", "ii",  "iii", "iv",
                                         "phd", "md", "mba", "esq", "cpa"};

// A token as typed, minus the punctuation people put around names ("Dr.", "Lovelace,").
std::string bare(std::string_view token) {
    std::string result = trim(token);
    while (!result.empty() && (result.back() == '.' || result.back() == ',')) result.pop_back();
    return result;
}

std::vector<std::string> tokens(std::string_view text) {
    std::vector<std::string> result;
    std::string current;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!bare(current).empty()) result.push_back(bare(current));
            current.clear();
        } else {
            current += c;
        }
    }
    if (!bare(current).empty()) result.push_back(bare(current));
    return result;
}

bool isIn(const std::set<std::string>& set, const std::string& token) {
    return set.contains(lowerAscii(token));
}

// Everything after a comma that is only suffixes ("Ada Lovelace, PhD") is not a name part.
bool onlySuffixes(std::string_view part) {
    const auto parts = tokens(part);
    if (parts.empty()) return true;
    for (const auto& token : parts) {
        if (!isIn(kSuffixes, token)) return false;
    }
    return true;
}

}  // namespace

PersonName splitFullName(std::string_view fullName) {
    // Split on commas, dropping trailing parts that are only suffixes.
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= fullName.size()) {
        std::size_t comma = fullName.find(',', start);
        if (comma == std::string_view::npos) comma = fullName.size();
        parts.emplace_back(fullName.substr(start, comma - start));
        start = comma + 1;
    }
    while (parts.size() > 1 && onlySuffixes(parts.back())) parts.pop_back();

    std::vector<std::string> names;
    if (parts.size() == 2) {
        // "Lovelace, Ada": the family name first.
        names = tokens(parts[1]);
        for (const auto& token : tokens(parts[0])) names.push_back(token);
    } else {
        for (const auto& part : parts) {
            for (const auto& token : tokens(part)) names.push_back(token);
        }
    }
    while (names.size() > 1 && isIn(kHonorifics, names.front())) names.erase(names.begin());
    while (names.size() > 1 && isIn(kSuffixes, names.back())) names.pop_back();

    PersonName result;
    if (names.empty()) return result;
    result.first = names.front();
    if (names.size() > 1) result.last = names.back();
    return result;
}

}  // namespace lodestone::research_basic
