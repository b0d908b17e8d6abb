#include "outreach/icp/Text.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace lodestone::outreach::icp {
namespace {

bool isAlnum(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

bool isWordChar(char c) {
    return isAlnum(c) || c == '+' || c == '#';
}

}  // namespace

std::string tokenKey(const std::string& text) {
    std::string key;
    bool pendingSeparator = false;
    for (char c : Poco::toLower(text)) {
        if (!isAlnum(c)) {
            pendingSeparator = !key.empty();
            continue;
        }
        if (pendingSeparator) key += '_';
        pendingSeparator = false;
        key += c;
    }
    return key;
}

std::string nameKey(const std::string& text) {
    std::string key;
    bool pendingSpace = false;
    auto append = [&](const std::string& piece) {
        if (pendingSpace && !key.empty()) key += ' ';
        pendingSpace = false;
        key += piece;
    };
    for (char c : Poco::toLower(text)) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            pendingSpace = true;
        } else if (c == '&') {
            pendingSpace = true;
            append("and");
            pendingSpace = true;
        } else {
            append(std::string(1, c));
        }
    }
    return key;
}

std::vector<std::string> wordsOf(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : Poco::toLower(text)) {
        if (isWordChar(c)) {
            word += c;
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

bool containsPhrase(const std::string& text, const std::string& phrase) {
    auto haystack = wordsOf(text);
    auto needle = wordsOf(phrase);
    if (needle.empty()) return false;
    return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end()) !=
           haystack.end();
}

std::string formatNumber(double value) {
    char buffer[64];
    if (value == std::floor(value) && std::fabs(value) < 1e15) {
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    std::snprintf(buffer, sizeof buffer, "%.3f", value);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
}

std::string formatMoney(double value) {
    struct Unit {
        double size;
        const char* suffix;
    };
    static constexpr Unit kUnits[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    std::string text = "$";
    for (const auto& unit : kUnits) {
        if (std::fabs(value) >= unit.size) {
            // Two decimals at most: "$1.25M" is precise enough to recognise a bound.
            text += formatNumber(std::round(value / unit.size * 100) / 100);
            text += unit.suffix;
            return text;
        }
    }
    text += formatNumber(value);
    return text;
}

}  // namespace lodestone::outreach::icp
