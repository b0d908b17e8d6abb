// Text as research-web handles it: valid UTF-8 everywhere (pages may send anything), whitespace
// collapsed the way a browser shows it, and cuts that never split a character.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "text/Text.hpp"

namespace lodestone::research_web {

// `text` with every byte sequence that is not UTF-8 (and every NUL) replaced by U+FFFD.
std::string validUtf8(std::string_view text);

// Runs of whitespace (ASCII, and U+00A0 no-break space) become one space; none at either end.
std::string collapseWhitespace(std::string_view text);

// At most `maxChars` characters (code points) of valid UTF-8 `text`; a cut text ends in "…".
std::string cut(std::string_view text, std::size_t maxChars);

// The plugins' one ASCII fold (plugins/text).
using plugin_text::lowerAscii;
bool equalsIgnoreCase(std::string_view a, std::string_view b);
bool startsWithIgnoreCase(std::string_view text, std::string_view prefix);
bool containsIgnoreCase(std::string_view text, std::string_view part);

// "online gambling" -> "Online Gambling"; letters after the first of each word are kept.
std::string titleCase(std::string_view text);

std::string trim(std::string_view text);

}  // namespace lodestone::research_web
