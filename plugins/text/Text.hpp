// Text helpers the plugins share, so that research and content list and compare alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lodestone::plugin_text {

// "a", "a and b", "a, b and c"; `last` joins the last two ("a, b, c" with ", ").
std::string listed(const std::vector<std::string>& items, std::string_view last = " and ");

// ASCII letters folded to lower case; every other byte (UTF-8 included) kept as it is, so
// keywords, host names and headers compare without case and a name's accents stay whole.
std::string lowerAscii(std::string_view text);

}  // namespace lodestone::plugin_text
