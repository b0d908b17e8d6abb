#include "Names.hpp"

#include <set>
#include <sstream>
#include <vector>

#include "Prose.hpp"
#include "Scripts.hpp"

namespace lodestone::content_template {
namespace {

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string word; in >> word;) result.push_back(word);
    return result;
}

bool isHonorific(const std::string& word) {
    static const std::set<std::string> honorifics = {"dr",  "dr.",  "mr",  "mr.", "mrs",  "mrs.",
                                                     "ms",  "ms.",  "mx",  "mx.", "prof", "prof.",
                                                     "sir", "dame", "rev", "rev."};
    return honorifics.contains(lowerAscii(word));
}

// "YAMADA Taro", "NGUYEN Van An": a family name written in capitals before the given name, the
// form used where the order would otherwise be ambiguous.
bool capitalisedFamilyNameFirst(const std::vector<std::string>& parts) {
    if (parts.size() < 2) return false;
    int letters = 0;
    for (char c : parts[0]) {
        if (c >= 'a' && c <= 'z') return false;
        if (c >= 'A' && c <= 'Z') ++letters;
    }
    if (letters < 2) return false;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        for (char c : parts[i]) {
            if (c >= 'a' && c <= 'z') return true;  // a later word in ordinary case
        }
    }
    return false;
}

// "Nguyen Van An", "Tran Thi Mai": a common Vietnamese family name, then the middle name that
// marks the order.
bool vietnameseOrder(const std::vector<std::string>& parts) {
    static const std::set<std::string> families = {
        "nguyen", "tran", "le", "pham", "hoang", "huynh", "phan",   "vu",   "vo", "dang",
        "bui",    "do",   "ho", "ngo",  "duong", "ly",    "nguyễn", "trần", "lê", "phạm"};
    static const std::set<std::string> middles = {"van", "thi", "văn", "thị"};
    return parts.size() >= 3 && families.contains(lowerAscii(parts[0])) &&
           middles.contains(lowerAscii(parts[1]));
}

bool fromFamilyNameFirstCountry(const std::string& country) {
    static const std::set<std::string> countries = {"japan",
                                                    "jp",
                                                    "china",
                                                    "cn",
                                                    "people's republic of china",
                                                    "taiwan",
                                                    "tw",
                                                    "hong kong",
                                                    "hk",
                                                    "macau",
                                                    "south korea",
                                                    "korea",
                                                    "republic of korea",
                                                    "kr",
                                                    "north korea",
                                                    "vietnam",
                                                    "viet nam",
                                                    "vn",
                                                    "hungary",
                                                    "hu",
                                                    "mongolia",
                                                    "mn",
                                                    "cambodia"};
    return countries.contains(lowerAscii(trimmed(country)));
}

bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string languageOf(const ScriptCount& script, const std::string& country,
                       const std::string& emailDomain) {
    switch (script.main) {
        case Script::Kana:
            return "ja";
        case Script::Hangul:
            return "ko";
        case Script::Han: {
            const std::string where = lowerAscii(country);
            if (where == "japan" || where == "jp" || endsWith(lowerAscii(emailDomain), ".jp")) {
                return "ja";
            }
            return "zh";
        }
        case Script::Arabic:
            return script.hasPersianLetters ? "fa" : "ar";
        case Script::Hebrew:
            return "he";
        case Script::Greek:
            return "el";
        case Script::Thai:
            return "th";
        case Script::Devanagari:
            return "hi";
        default:
            return "";  // Latin and Cyrillic are written in too many languages to name one
    }
}

}  // namespace

ReaderName readerName(const std::string& fullName, const std::string& firstName,
                      const std::string& country, const std::string& emailDomain) {
    ReaderName name;
    name.full = oneLine(fullName);
    const ScriptCount script = scriptOf(name.full.empty() ? firstName : name.full);
    name.lang = languageOf(script, country, emailDomain);
    if (name.full.empty()) {
        name.greeting = oneLine(firstName);
        return name;
    }
    std::vector<std::string> parts;
    for (auto& word : words(name.full)) {
        if (!isHonorific(word)) parts.push_back(word);
    }
    if (isEastAsian(script) || capitalisedFamilyNameFirst(parts) || vietnameseOrder(parts) ||
        (script.main == Script::Latin && parts.size() > 1 && fromFamilyNameFirstCountry(country))) {
        name.familyNameFirst = true;
        name.greeting = name.full;
        return name;
    }
    // "Lovelace, Ada": research reads the given name after the comma.
    if (!firstName.empty()) {
        name.greeting = oneLine(firstName);
    } else if (!parts.empty()) {
        name.greeting = parts.front();
    }
    return name;
}

}  // namespace lodestone::content_template
