#pragma once

#include <string>
#include <string_view>

// Text that came from a client, made safe to quote: JSON text must be UTF-8, and a response that
// quotes a client's stray byte verbatim would not be.
namespace lodestone::domain {

inline constexpr std::size_t kNoInvalidUtf8 = std::string_view::npos;

// The offset of the first byte of `text` that is not part of well-formed UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF, no truncated sequence), or kNoInvalidUtf8.
std::size_t firstInvalidUtf8(std::string_view text);

// The length of the well-formed UTF-8 sequence (one character) starting at `at`, or 0 when the
// byte there starts none: the rule firstInvalidUtf8 applies, for a walk that handles each
// character itself.
std::size_t utf8SequenceLength(std::string_view text, std::size_t at);

// The characters (code points) of well-formed UTF-8 text: its bytes that start one.
std::size_t characterCount(std::string_view utf8);

// `text` with every byte that is not part of well-formed UTF-8 written as the four characters
// `\xHH` (upper-case hex), so a message quoting client bytes is valid UTF-8 and still says which
// bytes they were.
std::string escapeInvalidUtf8(std::string_view text);

// The same for JSON text, where a backslash inside a string must itself be escaped: a bad byte
// becomes `\\xHH`, which a JSON reader decodes to the text `\xHH`. Only for JSON whose bytes
// outside strings are ASCII, as every JSON writer's are: the escape is only valid inside a string.
std::string escapeInvalidUtf8InJson(std::string_view json);

// `text` as well-formed UTF-8: each maximal ill-formed subsequence (a stray continuation byte, a
// truncated sequence, an overlong form, a surrogate, a code point past U+10FFFF) becomes one
// U+FFFD, as the Unicode standard recommends. For text a remote server sent that must go on as
// JSON.
std::string replaceInvalidUtf8(std::string_view text);

// `text` (well-formed UTF-8) cut to at most `maxBytes` bytes at a character boundary, with "…"
// added when something was cut: client text quoted in a message is quoted in part.
std::string shortenedUtf8(std::string_view text, std::size_t maxBytes);

}  // namespace lodestone::domain
