#include "Text.hpp"

#include <Poco/String.h>

#include <algorithm>

namespace lodestone::research_basic {
namespace {

bool isWordByte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x80 || (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'z') ||
           (byte >= 'A' && byte <= 'Z');
}

bool listed(std::string_view list, const std::string& word) {
    for (const auto& entry : words(list)) {
        if (entry == word) return true;
    }
    return false;
}

}  // namespace

std::string trim(std::string_view text) {
    return Poco::trim(std::string(text));
}

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> result;
    std::string current;
    for (char c : text) {
        if (isWordByte(c)) {
            current += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        } else if (!current.empty()) {
            result.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty()) result.push_back(std::move(current));
    return result;
}

std::vector<WordAt> wordsAt(std::string_view text) {
    std::vector<WordAt> result;
    std::size_t i = 0;
    while (i < text.size()) {
        if (!isWordByte(text[i])) {
            ++i;
            continue;
        }
        const std::size_t begin = i;
        while (i < text.size() && isWordByte(text[i])) ++i;
        result.push_back({lowerAscii(text.substr(begin, i - begin)), begin, i});
    }
    return result;
}

std::string capitalise(std::string_view word) {
    std::string result(word);
    if (!result.empty() && result[0] >= 'a' && result[0] <= 'z') {
        result[0] = static_cast<char>(result[0] - 'a' + 'A');
    }
    return result;
}

std::size_t findPhrase(const std::vector<std::string>& tokens, const Phrase& phrase) {
    const auto needle = words(phrase.text);
    if (needle.empty() || needle.size() > tokens.size()) return tokens.size();
    for (std::size_t start = 0; start + needle.size() <= tokens.size(); ++start) {
        if (!std::equal(needle.begin(), needle.end(), tokens.begin() + start)) continue;
        const std::size_t after = start + needle.size();
        if (after < tokens.size() && listed(phrase.notBefore, tokens[after])) continue;
        if (start > 0 && listed(phrase.notAfter, tokens[start - 1])) continue;
        return start;
    }
    return tokens.size();
}

bool containsPhrase(const std::vector<std::string>& tokens, const Phrase& phrase) {
    return findPhrase(tokens, phrase) < tokens.size();
}

}  // namespace lodestone::research_basic
