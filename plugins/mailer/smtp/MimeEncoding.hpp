// The encodings a message needs to stay 7-bit clean whatever text the daemon hands over:
// RFC 2047 encoded-words for headers, quoted-printable and base64 for bodies, and header
// folding (RFC 5322 section 2.2.3). Everything here writes CRLF line ends.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lodestone::mailer_smtp {

enum class TransferEncoding { SevenBit, QuotedPrintable, Base64 };

const char* transferEncodingName(TransferEncoding encoding);

// 7bit for ASCII with short lines and no control characters; base64 when most of the text is
// outside ASCII (it is then smaller than quoted-printable); quoted-printable otherwise.
// `crlfText` has CRLF line ends (toCrlf).
TransferEncoding chooseEncoding(std::string_view crlfText);

// The body in `encoding`, CRLF line ends, lines of at most 76 characters except 7bit, which is
// returned as it is.
std::string encodeBody(std::string_view crlfText, TransferEncoding encoding);

// Quoted-printable (RFC 2045 section 6.7): soft line breaks keep lines within 76 characters,
// and spaces or tabs at the end of a line are encoded so no transport can strip them.
std::string quotedPrintable(std::string_view crlfText);

// Base64 in lines of `lineLength` characters (0: one line).
std::string base64(std::string_view bytes, int lineLength);

// UTF-8 text as RFC 2047 "B" encoded-words of at most 75 characters each, split between
// characters, never inside one.
std::vector<std::string> encodedWords(std::string_view utf8);

// The words of an unstructured header value (a subject): split on spaces when the text is
// plain ASCII, encoded-words otherwise (and for text that merely looks like encoded-words).
std::vector<std::string> unstructuredWords(std::string_view text);

// A display name as phrase words: atoms, one quoted-string, or encoded-words.
std::vector<std::string> phraseWords(std::string_view name);

// "Name: word word ...\r\n", folded before a word that would take the line past 78
// characters. A single word longer than that stays whole on its own line.
std::string foldedHeader(std::string_view name, const std::vector<std::string>& words);

}  // namespace lodestone::mailer_smtp
