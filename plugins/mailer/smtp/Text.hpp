// Byte-level text helpers for mail: what SMTP and RFC 5322 allow is defined on bytes, and the
// JSON the plugin returns must be valid UTF-8 whatever a server sent.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lodestone::mailer_smtp {

bool isAscii(std::string_view text);
bool isValidUtf8(std::string_view text);

// Length of the UTF-8 sequence starting at text[at], or 0 when none starts there (a stray
// continuation byte, a truncated or overlong sequence, a surrogate, beyond U+10FFFF).
std::size_t utf8SequenceLength(std::string_view text, std::size_t at);

// `text` with every byte that is not part of valid UTF-8 written as the text "\xHH", then cut to
// at most `maxBytes` on a character boundary: server replies are quoted in the run's output.
std::string printableReply(std::string_view text, std::size_t maxBytes);

// \r\n, a lone \r and a lone \n all become \r\n: mail lines end in CRLF.
std::string toCrlf(std::string_view text);

}  // namespace lodestone::mailer_smtp
