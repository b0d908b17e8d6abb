#include "domain/InputText.hpp"

#include <Poco/TextIterator.h>
#include <Poco/UTF8Encoding.h>
#include <Poco/Unicode.h>

#include "domain/Utf8Text.hpp"

namespace lodestone::domain {
namespace {

// Both rules in one walk over the text: `spacesAllowed` tells a line of text from a token. Not
// UTF-8 is the worse news, so it is looked for first.
CharacterFlaw flawOf(std::string_view text, bool spacesAllowed) {
    if (firstInvalidUtf8(text) != kNoInvalidUtf8) return CharacterFlaw::NotUtf8;
    Poco::UTF8Encoding utf8;
    const std::string copy(text);
    for (Poco::TextIterator it(copy, utf8), end(copy); it != end; ++it) {
        Poco::Unicode::CharacterProperties properties;
        Poco::Unicode::properties(*it, properties);
        if (!spacesAllowed && (properties.category == Poco::Unicode::UCP_SEPARATOR ||
                               properties.type == Poco::Unicode::UCP_CONTROL)) {
            return CharacterFlaw::SpaceOrControl;
        }
        if (spacesAllowed && (properties.type == Poco::Unicode::UCP_CONTROL ||
                              properties.type == Poco::Unicode::UCP_LINE_SEPARATOR ||
                              properties.type == Poco::Unicode::UCP_PARAGRAPH_SEPARATOR)) {
            return CharacterFlaw::ControlOrLineBreak;
        }
    }
    return CharacterFlaw::None;
}

}  // namespace

CharacterFlaw characterFlaw(std::string_view text) {
    return flawOf(text, false);
}

CharacterFlaw textLineFlaw(std::string_view text) {
    return flawOf(text, true);
}

std::string describe(CharacterFlaw flaw) {
    switch (flaw) {
        case CharacterFlaw::None:
            return "";
        case CharacterFlaw::NotUtf8:
            return "is not UTF-8 text";
        case CharacterFlaw::SpaceOrControl:
            return "contains whitespace or a control character";
        case CharacterFlaw::ControlOrLineBreak:
            return "contains a control character or a line break";
    }
    return "";
}

std::string visibleText(std::string_view text, std::size_t maxBytes) {
    static constexpr std::string_view kHex = "0123456789abcdef";
    std::string shown;
    std::size_t i = 0;
    for (; i < text.size() && i < maxBytes;) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = utf8SequenceLength(text, i);  // 0: not UTF-8
        if (c == '\r') {
            shown += "\\r";
        } else if (c == '\n') {
            shown += "\\n";
        } else if (c == '\t') {
            shown += "\\t";
        } else if (c < 0x20 || c == 0x7F || length == 0) {
            shown += "\\x";
            shown += kHex[c >> 4];
            shown += kHex[c & 0xF];
        } else if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
            // A C1 control (U+0080-U+009F), which some terminals obey.
            shown += "\\u00";
            shown += kHex[(static_cast<unsigned char>(text[i + 1]) >> 4) & 0xF];
            shown += kHex[static_cast<unsigned char>(text[i + 1]) & 0xF];
            i += 2;
            continue;
        } else {
            shown.append(text.substr(i, length));
            i += length;
            continue;
        }
        ++i;
    }
    if (i < text.size()) shown += "...";
    return shown;
}

}  // namespace lodestone::domain
