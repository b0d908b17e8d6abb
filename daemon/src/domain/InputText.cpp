#include "domain/InputText.hpp"

#include <Poco/TextIterator.h>
#include <Poco/UTF8Encoding.h>
#include <Poco/Unicode.h>

namespace lodestone::domain {
namespace {

// The length of the UTF-8 sequence `lead` starts, or 0 when it starts none.
std::size_t sequenceLength(unsigned char lead) {
    if (lead < 0x80) return 1;
    if ((lead & 0xE0) == 0xC0) return 2;
    if ((lead & 0xF0) == 0xE0) return 3;
    if ((lead & 0xF8) == 0xF0) return 4;
    return 0;
}

// Both rules in one walk over the text: `spacesAllowed` tells a line of text from a token.
CharacterFlaw flawOf(std::string_view text, bool spacesAllowed) {
    Poco::UTF8Encoding utf8;
    const std::string copy(text);
    CharacterFlaw found = CharacterFlaw::None;
    for (Poco::TextIterator it(copy, utf8), end(copy); it != end; ++it) {
        const int character = *it;
        if (character < 0) return CharacterFlaw::NotUtf8;
        Poco::Unicode::CharacterProperties properties;
        Poco::Unicode::properties(character, properties);
        // Keep looking after a flaw: not UTF-8 is the worse news.
        if (!spacesAllowed && (properties.category == Poco::Unicode::UCP_SEPARATOR ||
                               properties.type == Poco::Unicode::UCP_CONTROL)) {
            found = CharacterFlaw::SpaceOrControl;
        }
        if (spacesAllowed && (properties.type == Poco::Unicode::UCP_CONTROL ||
                              properties.type == Poco::Unicode::UCP_LINE_SEPARATOR ||
                              properties.type == Poco::Unicode::UCP_PARAGRAPH_SEPARATOR)) {
            found = CharacterFlaw::ControlOrLineBreak;
        }
    }
    return found;
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
        const std::size_t length = sequenceLength(c);
        bool wellFormed = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; wellFormed && k < length; ++k) {
            wellFormed = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        }
        if (c == '\r') {
            shown += "\\r";
        } else if (c == '\n') {
            shown += "\\n";
        } else if (c == '\t') {
            shown += "\\t";
        } else if (c < 0x20 || c == 0x7F || !wellFormed) {
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
