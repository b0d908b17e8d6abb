#include "domain/Utf8Text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace lodestone::domain {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// The length of the sequence a byte starts and the range its second byte must fall in (Unicode
// table 3-7); length 1 for ASCII, 0 for a byte that cannot start a sequence.
struct Lead {
    std::size_t length;
    std::uint8_t secondLow;
    std::uint8_t secondHigh;
};

Lead leadOf(std::uint8_t lead) {
    if (lead < 0x80) return {1, 0, 0};
    if (lead >= 0xC2 && lead <= 0xDF) return {2, 0x80, 0xBF};
    if (lead == 0xE0) return {3, 0xA0, 0xBF};  // no overlong forms
    if (lead == 0xED) return {3, 0x80, 0x9F};  // no surrogates
    if (lead >= 0xE1 && lead <= 0xEF) return {3, 0x80, 0xBF};
    if (lead == 0xF0) return {4, 0x90, 0xBF};  // no overlong forms
    if (lead >= 0xF1 && lead <= 0xF3) return {4, 0x80, 0xBF};
    if (lead == 0xF4) return {4, 0x80, 0x8F};  // nothing past U+10FFFF
    return {0, 0, 0};
}

// How far the bytes at `at` follow a well-formed sequence: `needed` is the length the byte there
// starts (0 when it can start none), `good` how many bytes from it fit that sequence.
struct Scan {
    std::size_t needed;
    std::size_t good;
};

Scan scanAt(std::string_view text, std::size_t at) {
    const Lead lead = leadOf(static_cast<std::uint8_t>(text[at]));
    if (lead.length == 0) return {0, 0};
    std::size_t good = 1;
    while (good < lead.length && at + good < text.size()) {
        const auto next = static_cast<std::uint8_t>(text[at + good]);
        const std::uint8_t low = good == 1 ? lead.secondLow : 0x80;
        const std::uint8_t high = good == 1 ? lead.secondHigh : 0xBF;
        if (next < low || next > high) break;
        ++good;
    }
    return {lead.length, good};
}

std::string escapeInvalid(std::string_view text, std::string_view backslash) {
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        if (std::size_t length = utf8SequenceLength(text, at); length > 0) {
            out.append(text.substr(at, length));
            at += length;
            continue;
        }
        char hex[3];
        std::snprintf(hex, sizeof(hex), "%02X",
                      static_cast<unsigned>(static_cast<std::uint8_t>(text[at])));
        out.append(backslash).append("x").append(hex, 2);
        ++at;
    }
    return out;
}

}  // namespace

std::size_t utf8SequenceLength(std::string_view text, std::size_t at) {
    const Scan scan = scanAt(text, at);
    return scan.needed > 0 && scan.good == scan.needed ? scan.needed : 0;
}

std::size_t firstInvalidUtf8(std::string_view text) {
    std::size_t at = 0;
    while (at < text.size()) {
        // Runs of ASCII, most of any JSON body, eight bytes at a time: every request body up to
        // the size limit passes through here.
        while (at + sizeof(std::uint64_t) <= text.size()) {
            std::uint64_t word;
            std::memcpy(&word, text.data() + at, sizeof(word));
            if ((word & kHighBits) != 0) break;
            at += sizeof(word);
        }
        if (at == text.size()) break;
        const std::size_t length = utf8SequenceLength(text, at);
        if (length == 0) return at;
        at += length;
    }
    return kNoInvalidUtf8;
}

std::string escapeInvalidUtf8(std::string_view text) {
    return escapeInvalid(text, "\\");
}

std::string escapeInvalidUtf8InJson(std::string_view json) {
    // Nothing to do for almost every response: one pass to find out, none to copy.
    if (firstInvalidUtf8(json) == kNoInvalidUtf8) return std::string(json);
    return escapeInvalid(json, "\\\\");
}

std::string replaceInvalidUtf8(std::string_view text) {
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
    std::string valid;
    valid.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const Scan scan = scanAt(text, at);
        if (scan.needed > 0 && scan.good == scan.needed) {
            valid.append(text.substr(at, scan.good));
        } else {
            valid += kReplacement;
        }
        at += scan.needed == 0 ? 1 : scan.good;
    }
    return valid;
}

std::string shortenedUtf8(std::string_view text, std::size_t maxBytes) {
    if (text.size() <= maxBytes) return std::string(text);
    std::size_t end = maxBytes;
    // Back off continuation bytes so the cut falls between characters.
    while (end > 0 && (static_cast<std::uint8_t>(text[end]) & 0xC0) == 0x80) --end;
    return std::string(text.substr(0, end)) + "\u2026";
}

std::size_t characterCount(std::string_view utf8) {
    return static_cast<std::size_t>(std::count_if(utf8.begin(), utf8.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

}  // namespace lodestone::domain
