#pragma once

#include <string>
#include <string_view>

namespace lodestone::outbound {

// `bytes` as well-formed UTF-8: each maximal ill-formed subsequence (a stray continuation byte,
// a truncated sequence, an overlong form, a surrogate, a code point past U+10FFFF) becomes one
// U+FFFD, as the Unicode standard recommends. Response bodies and headers are whatever the
// server sent, and JSON text must be UTF-8.
std::string toValidUtf8(std::string_view bytes);

}  // namespace lodestone::outbound
