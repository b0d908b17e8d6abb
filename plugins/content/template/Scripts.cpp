#include "Scripts.hpp"

#include <array>
#include <cstdint>

namespace lodestone::content_template {
namespace {

// The next code point of `text` from `at`, moving `at` past it; U+FFFD for a malformed byte.
char32_t nextCodePoint(const std::string& text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[i]); };
    const std::uint8_t lead = byte(at);
    std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
    if ((lead & 0xC0) == 0x80 || at + length > text.size()) {
        ++at;
        return U'\uFFFD';
    }
    char32_t value = length == 1   ? lead
                     : length == 2 ? lead & 0x1F
                     : length == 3 ? lead & 0x0F
                                   : lead & 0x07;
    for (std::size_t i = 1; i < length; ++i) value = (value << 6) | (byte(at + i) & 0x3F);
    at += length;
    return value;
}

Script scriptOfCodePoint(char32_t c) {
    if ((c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || (c >= 0xC0 && c <= 0x24F) ||
        (c >= 0x1E00 && c <= 0x1EFF)) {
        return c == 0xD7 || c == 0xF7 ? Script::None : Script::Latin;
    }
    if (c >= 0x370 && c <= 0x3FF) return Script::Greek;
    if (c >= 0x400 && c <= 0x52F) return Script::Cyrillic;
    if (c >= 0x5D0 && c <= 0x5EA) return Script::Hebrew;
    if ((c >= 0x620 && c <= 0x64A) || (c >= 0x671 && c <= 0x6D3) || (c >= 0xFB50 && c <= 0xFDFF) ||
        (c >= 0xFE70 && c <= 0xFEFF)) {
        return Script::Arabic;
    }
    if (c >= 0x900 && c <= 0x97F) return Script::Devanagari;
    if (c >= 0xE01 && c <= 0xE5B) return Script::Thai;
    if ((c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF)) return Script::Kana;
    if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
        (c >= 0xAC00 && c <= 0xD7AF)) {
        return Script::Hangul;
    }
    if ((c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
        (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FA1F)) {
        return Script::Han;
    }
    if (c < 0x80) return Script::None;                    // digits, spaces, punctuation
    if (c >= 0x2000 && c <= 0x206F) return Script::None;  // general punctuation, isolates
    if (c == 0x30FB || c == 0x3000) return Script::None;  // katakana middle dot, ideographic space
    return Script::Other;
}

}  // namespace

ScriptCount scriptOf(const std::string& utf8) {
    constexpr std::size_t kScripts = static_cast<std::size_t>(Script::Other) + 1;
    std::array<int, kScripts> letters{};
    ScriptCount count;
    for (std::size_t at = 0; at < utf8.size();) {
        const char32_t c = nextCodePoint(utf8, at);
        const Script script = scriptOfCodePoint(c);
        if (script == Script::None) continue;
        ++letters[static_cast<std::size_t>(script)];
        count.hasKana = count.hasKana || script == Script::Kana;
        count.hasHangul = count.hasHangul || script == Script::Hangul;
        count.hasHan = count.hasHan || script == Script::Han;
        count.hasPersianLetters =
            count.hasPersianLetters || c == 0x67E || c == 0x686 || c == 0x698 || c == 0x6AF;
    }
    int best = 0;
    for (std::size_t i = 1; i < kScripts; ++i) {
        if (letters[i] > best) {
            best = letters[i];
            count.main = static_cast<Script>(i);
        }
    }
    // Japanese names mix kanji and kana; either way the name is Japanese.
    if (count.main == Script::Han && count.hasKana) count.main = Script::Kana;
    return count;
}

bool isEastAsian(const ScriptCount& count) {
    return count.main == Script::Han || count.main == Script::Kana || count.main == Script::Hangul;
}

bool isRightToLeft(const ScriptCount& count) {
    return count.main == Script::Arabic || count.main == Script::Hebrew;
}

}  // namespace lodestone::content_template
