#include "outreach/mailbox/HeaderWords.hpp"

#include <Poco/String.h>
#include <Poco/TextConverter.h>
#include <Poco/TextEncoding.h>
#include <Poco/UTF8Encoding.h>

#include <algorithm>

#include "domain/Utf8Text.hpp"
#include "outreach/mailbox/MimeText.hpp"

namespace lodestone::outreach::mime {
namespace {

// RFC 2047 caps an encoded word at 75 characters; mailers exceed it, but a bound keeps a value
// full of "=?" from being searched again and again to its end.
constexpr std::size_t kMaxEncodedWord = 1000;
constexpr std::size_t kMaxIdsPerValue = 200;
constexpr std::size_t kMaxIdLength = 998;  // RFC 5322's line limit

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

struct EncodedWord {
    std::string charset;
    std::string bytes;
    std::size_t length = 0;  // of its text, "=?" to "?="
};

// The encoded word "=?charset?encoding?text?=" starting at `pos`, if one does.
std::optional<EncodedWord> encodedWordAt(std::string_view value, std::size_t pos) {
    std::string_view rest = value.substr(pos, kMaxEncodedWord);
    if (rest.substr(0, 2) != "=?") return std::nullopt;
    std::size_t charsetEnd = rest.find('?', 2);
    if (charsetEnd == std::string_view::npos || charsetEnd == 2) return std::nullopt;
    if (charsetEnd + 2 >= rest.size() || rest[charsetEnd + 2] != '?') return std::nullopt;
    const char encoding = rest[charsetEnd + 1];
    std::size_t textStart = charsetEnd + 3;
    std::size_t textEnd = rest.find("?=", textStart);
    if (textEnd == std::string_view::npos) return std::nullopt;
    std::string_view charset = rest.substr(2, charsetEnd - 2);
    std::string_view text = rest.substr(textStart, textEnd - textStart);
    auto blank = [](char c) { return isBlank(c); };
    if (std::any_of(charset.begin(), charset.end(), blank)) return std::nullopt;
    if (std::any_of(text.begin(), text.end(), blank)) return std::nullopt;
    EncodedWord word;
    word.charset = std::string(charset.substr(0, charset.find('*')));  // RFC 2231 language
    if (encoding == 'B' || encoding == 'b') {
        word.bytes = decodeBase64(text);
    } else if (encoding == 'Q' || encoding == 'q') {
        word.bytes = decodeQuotedPrintable(text, true);
    } else {
        return std::nullopt;
    }
    word.length = textEnd + 2;
    return word;
}

bool isIdText(std::string_view text) {
    if (text.empty() || text.size() > kMaxIdLength) return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        auto byte = static_cast<unsigned char>(c);
        return byte > 32 && byte < 127 && c != '<' && c != '>';
    });
}

// The text of `value` outside parenthesised comments (RFC 5322 CFWS), nested ones included.
std::string withoutComments(std::string_view value) {
    std::string kept;
    int depth = 0;
    for (char c : value) {
        if (c == '(') {
            ++depth;
        } else if (c == ')' && depth > 0) {
            --depth;
        } else if (depth == 0) {
            kept.push_back(c);
        }
    }
    return kept;
}

bool looksLikeAddress(std::string_view text) {
    std::size_t at = text.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == text.size()) return false;
    if (text.size() > 320) return false;  // 64 + 1 + 255, RFC 5321's limits
    return std::all_of(text.begin(), text.end(), [](char c) {
        auto byte = static_cast<unsigned char>(c);
        return byte > 32 && byte != 127 && c != '<' && c != '>' && c != ',';
    });
}

// Splits on blanks and the separators `extra`; calls `take` on each token until it says stop.
template <typename Take>
void eachToken(std::string_view text, std::string_view extra, Take take) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto separator = [&](char c) { return isBlank(c) || extra.find(c) != std::string::npos; };
        while (pos < text.size() && separator(text[pos])) ++pos;
        std::size_t end = pos;
        while (end < text.size() && !separator(text[end])) ++end;
        if (end > pos && !take(text.substr(pos, end - pos))) return;
        pos = end;
    }
}

// The code point of well-formed UTF-8 at `pos`, and its length in bytes.
std::pair<char32_t, std::size_t> codePointAt(std::string_view text, std::size_t pos) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[pos + i]); };
    if (byte(0) < 0x80) return {byte(0), 1};
    if (byte(0) < 0xE0) return {((byte(0) & 0x1Fu) << 6) | (byte(1) & 0x3Fu), 2};
    if (byte(0) < 0xF0) {
        return {((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu), 3};
    }
    return {((byte(0) & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) |
                (byte(3) & 0x3Fu),
            4};
}

// Characters a one-line summary shows as a blank: controls (C0, DEL, C1), line and paragraph
// separators, the byte-order mark, and the bidirectional marks and overrides that could make
// a history line read other than it is.
bool showsAsBlank(char32_t c) {
    return c <= 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0x200E ||
           c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
           c == 0xFEFF;
}

}  // namespace

std::string toUtf8(const std::string& bytes, std::string_view charset) {
    std::string name = Poco::toLower(std::string(trimmed(charset)));
    if (name.empty() || name == "utf-8" || name == "utf8" || name == "us-ascii") return bytes;
    try {
        Poco::TextEncoding::Ptr from = Poco::TextEncoding::find(name);
        if (!from) return bytes;
        Poco::UTF8Encoding utf8;
        Poco::TextConverter converter(*from, utf8);
        std::string converted;
        converter.convert(bytes, converted);
        return converted;
    } catch (...) {
        return bytes;
    }
}

std::string decodeEncodedWords(std::string_view value) {
    std::string decoded;
    std::string pendingCharset, pendingBytes;  // adjacent words in one charset convert together,
    bool pending = false;                      // so a character split between them survives
    std::string heldBlanks;                    // blanks after a word, dropped if another follows
    auto flush = [&] {
        if (pending) decoded += toUtf8(pendingBytes, pendingCharset);
        pending = false;
        pendingBytes.clear();
    };
    std::size_t pos = 0;
    while (pos < value.size()) {
        if (value[pos] == '=') {
            if (auto word = encodedWordAt(value, pos)) {
                heldBlanks.clear();
                if (!pending || Poco::toLower(word->charset) != Poco::toLower(pendingCharset)) {
                    flush();
                    pendingCharset = word->charset;
                    pending = true;
                }
                pendingBytes += word->bytes;
                pos += word->length;
                continue;
            }
        }
        if (pending && isBlank(value[pos])) {
            heldBlanks.push_back(value[pos++]);
            continue;
        }
        flush();
        decoded += heldBlanks;
        heldBlanks.clear();
        decoded.push_back(value[pos++]);
    }
    flush();
    decoded += heldBlanks;
    return decoded;
}

std::vector<std::string> messageIdsIn(std::string_view value) {
    std::vector<std::string> ids;
    if (value.find('<') == std::string_view::npos) {
        eachToken(value, ",", [&](std::string_view token) {
            if (token.find('@') != std::string_view::npos && isIdText(token)) {
                ids.push_back("<" + std::string(token) + ">");
            }
            return ids.size() < kMaxIdsPerValue;
        });
        return ids;
    }
    std::size_t pos = 0;
    while (ids.size() < kMaxIdsPerValue) {
        std::size_t close = value.find('>', pos);
        if (close == std::string_view::npos) break;
        // The last "<" before this ">" (and after the previous one) opens it: an earlier one
        // was stray. Searching only that stretch keeps the whole scan linear.
        std::size_t open = value.substr(pos, close - pos).rfind('<');
        if (open != std::string_view::npos) {
            std::string_view inner = value.substr(pos + open + 1, close - pos - open - 1);
            if (isIdText(inner)) ids.push_back("<" + std::string(inner) + ">");
        }
        pos = close + 1;
    }
    return ids;
}

std::optional<std::string> addressIn(std::string_view value) {
    std::size_t close = value.rfind('>');
    if (close != std::string_view::npos) {
        std::size_t open = value.substr(0, close).rfind('<');
        if (open != std::string_view::npos) {
            std::string_view inner = trimmed(value.substr(open + 1, close - open - 1));
            if (looksLikeAddress(inner))
                return domain::replaceInvalidUtf8(Poco::toLower(std::string(inner)));
        }
    }
    std::optional<std::string> found;
    eachToken(withoutComments(value), ",;<>\"", [&](std::string_view token) {
        if (looksLikeAddress(token))
            found = domain::replaceInvalidUtf8(Poco::toLower(std::string(token)));
        return !found;
    });
    return found;
}

std::string oneLine(std::string_view text, std::size_t maxBytes) {
    const std::string valid = domain::replaceInvalidUtf8(text);
    std::string line;
    line.reserve(valid.size());
    bool blankPending = false;
    for (std::size_t pos = 0; pos < valid.size();) {
        auto [codePoint, length] = codePointAt(valid, pos);
        if (showsAsBlank(codePoint)) {
            blankPending = !line.empty();
        } else {
            if (blankPending) line.push_back(' ');
            blankPending = false;
            line.append(valid, pos, length);
        }
        pos += length;
    }
    return domain::shortenedUtf8(line, maxBytes);
}

}  // namespace lodestone::outreach::mime
