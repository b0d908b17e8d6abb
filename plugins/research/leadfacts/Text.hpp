// Small, ASCII-only text helpers the research rules share. Bytes >= 0x80 (UTF-8) are kept as
// they are and count as letters, so "Zürich" stays one word.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/Text.hpp"

namespace lodestone::research_basic {

// The plugins' one ASCII fold (plugins/text), by the name the research rules use.
using plugin_text::lowerAscii;
std::string trim(std::string_view text);

// Lower-cased words: runs of letters and digits; everything else separates them.
std::vector<std::string> words(std::string_view text);

// A word of a text, lower-cased as words() makes it, and where it stands: bytes [begin, end).
struct WordAt {
    std::string word;
    std::size_t begin;
    std::size_t end;
};
std::vector<WordAt> wordsAt(std::string_view text);

// "word" -> "Word"; the rest of the word is left as it is.
std::string capitalise(std::string_view word);

// A keyword rule's phrase ("vice president") matched as whole, consecutive words. An occurrence
// does not count when the word right after it is in `notBefore`, or the word right before it is
// in `notAfter` (both space-separated), so "product owner" need not count as an owner.
struct Phrase {
    const char* text;
    const char* notBefore = "";
    const char* notAfter = "";
};

bool containsPhrase(const std::vector<std::string>& tokens, const Phrase& phrase);

// Where the first counting occurrence of `phrase` starts, or tokens.size() when there is none.
std::size_t findPhrase(const std::vector<std::string>& tokens, const Phrase& phrase);

}  // namespace lodestone::research_basic
