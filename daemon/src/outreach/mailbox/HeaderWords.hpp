#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What a header field's value says, read from its text: encoded words, message ids, addresses,
// and text fit to show on one line. Every function takes any bytes and never throws.
namespace lodestone::outreach::mime {

// RFC 2047 encoded words ("=?utf-8?B?...?=", "=?iso-8859-1?Q?...?=") decoded to UTF-8; the
// blanks between two adjacent encoded words dropped (6.2). Charsets Poco knows (UTF-8, ASCII,
// ISO-8859-1/2/15, Windows-1250/1251/1252) are converted; the bytes of any other are kept as
// they are, for oneLine() to make safe. A malformed word stays as written.
std::string decodeEncodedWords(std::string_view value);

// `bytes` in `charset` as UTF-8, as above.
std::string toUtf8(const std::string& bytes, std::string_view charset);

// The message ids ("<left@right>") a Message-ID, In-Reply-To or References value names, in
// order. Text around them (comments, old "your message of" phrases) is ignored; a value without
// any angle brackets is read as blank-separated ids that hold an "@", which some broken mailers
// write.
std::vector<std::string> messageIdsIn(std::string_view value);

// The address of a From-like value ("Grace Hopper <Grace@Example.org>", "grace@example.org
// (Grace)"), lowercased; nullopt when it holds none.
std::optional<std::string> addressIn(std::string_view value);

// `text` made fit for one line of a prospect's history: well-formed UTF-8 (bad bytes become
// U+FFFD), control, line-separator and bidirectional-override characters as spaces, runs of
// blanks as one, trimmed, and cut to at most `maxBytes` bytes (ending in "…" when cut).
std::string oneLine(std::string_view text, std::size_t maxBytes);

}  // namespace lodestone::outreach::mime
