#include "Text.hpp"

#include <Poco/String.h>
#include <Poco/UTF8Encoding.h>

#include <algorithm>

namespace lodestone::research_web {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence at `text[at]` (RFC 3629, as Poco's UTF8Encoding judges
// it: no overlong forms, surrogates or code points past U+10FFFF), 0 when there is none. NUL
// counts as none, so that it is replaced like any other byte a page should not hold.
std::size_t sequenceLength(std::string_view text, std::size_t at) {
    static const Poco::UTF8Encoding utf8;
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data() + at);
    const int available = static_cast<int>(std::min<std::size_t>(text.size() - at, 4));
    const int length = utf8.sequenceLength(bytes, available);
    if (bytes[0] == 0 || length <= 0 || length > available) return 0;
    return Poco::UTF8Encoding::isLegal(bytes, length) ? static_cast<std::size_t>(length) : 0;
}

bool isSpace(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::string validUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t length = sequenceLength(text, at);
        if (length == 0) {
            out += kReplacement;
            ++at;
        } else {
            out.append(text.substr(at, length));
            at += length;
        }
    }
    return out;
}

std::string collapseWhitespace(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pendingSpace = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool noBreakSpace =
            c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0;
        if (isSpace(c) || noBreakSpace) {
            pendingSpace = !out.empty();
            if (noBreakSpace) ++i;
            continue;
        }
        if (pendingSpace) out += ' ';
        pendingSpace = false;
        out += static_cast<char>(c);
    }
    return out;
}

std::string cut(std::string_view text, std::size_t maxChars) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
        if (chars == maxChars) {
            std::string out(text.substr(0, i));
            while (!out.empty() && out.back() == ' ') out.pop_back();
            return out + "\xE2\x80\xA6";
        }
        ++chars;
    }
    return std::string(text);
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return Poco::icompare(a, b) == 0;
}

bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

bool containsIgnoreCase(std::string_view text, std::string_view part) {
    return lowerAscii(text).find(lowerAscii(part)) != std::string::npos;
}

std::string titleCase(std::string_view text) {
    std::string out(text);
    bool wordStart = true;
    for (char& c : out) {
        if (wordStart && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        wordStart = c == ' ' || c == '-' || c == '/';
    }
    return out;
}

std::string trim(std::string_view text) {
    return Poco::trim(std::string(text));
}

}  // namespace lodestone::research_web
