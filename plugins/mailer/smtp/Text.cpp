#include "Text.hpp"

#include <Poco/UTF8Encoding.h>

#include <algorithm>

namespace lodestone::mailer_smtp {

bool isAscii(std::string_view text) {
    for (unsigned char c : text) {
        if (c >= 0x80) return false;
    }
    return true;
}

std::size_t utf8SequenceLength(std::string_view text, std::size_t at) {
    static const Poco::UTF8Encoding utf8;
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data() + at);
    const int available = static_cast<int>(std::min<std::size_t>(text.size() - at, 4));
    const int length = utf8.sequenceLength(bytes, available);
    if (length <= 0 || length > available) return 0;
    return Poco::UTF8Encoding::isLegal(bytes, length) ? static_cast<std::size_t>(length) : 0;
}

bool isValidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::string printableReply(std::string_view text, std::size_t maxBytes) {
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = utf8SequenceLength(text, i);
        std::string piece;
        if (length == 0) {
            const auto c = static_cast<unsigned char>(text[i]);
            piece = std::string("\\x") + hex[c >> 4] + hex[c & 0x0F];
            length = 1;
        } else {
            piece.assign(text.substr(i, length));
        }
        if (out.size() + piece.size() > maxBytes) break;
        out += piece;
        i += length;
    }
    return out;
}

std::string toCrlf(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 32);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            out += "\r\n";
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else if (text[i] == '\n') {
            out += "\r\n";
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace lodestone::mailer_smtp
