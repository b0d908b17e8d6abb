#include "domain/JsonWriter.hpp"

#include <charconv>
#include <cmath>

#include "domain/Utf8Text.hpp"

namespace lodestone::domain {

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!hasItems_.empty()) {
        if (hasItems_.back()) out_ += ',';
        hasItems_.back() = true;
    }
}

JsonWriter& JsonWriter::beginObject() {
    separate();
    out_ += '{';
    hasItems_.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    out_ += '}';
    hasItems_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    separate();
    out_ += '[';
    hasItems_.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    out_ += ']';
    hasItems_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    string(name);
    out_ += ':';
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    if (firstInvalidUtf8(text) == kNoInvalidUtf8) {
        string(text);
    } else {
        string(escapeInvalidUtf8(text));
    }
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
    separate();
    char digits[24];
    auto end = std::to_chars(digits, digits + sizeof(digits), number).ptr;
    out_.append(digits, end);
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    // JSON has no NaN or infinity.
    if (!std::isfinite(number)) return null();
    separate();
    char digits[32];
    auto end = std::to_chars(digits, digits + sizeof(digits), number).ptr;
    out_.append(digits, end);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
}

void JsonWriter::string(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    out_.reserve(out_.size() + text.size() + 2);
    out_ += '"';
    std::size_t plain = 0;  // start of the run of characters that need no escape
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out_.append(text.substr(plain, i - plain));
        plain = i + 1;
        switch (c) {
            case '"':
                out_ += "\\\"";
                break;
            case '\\':
                out_ += "\\\\";
                break;
            case '\n':
                out_ += "\\n";
                break;
            case '\r':
                out_ += "\\r";
                break;
            case '\t':
                out_ += "\\t";
                break;
            case '\b':
                out_ += "\\b";
                break;
            case '\f':
                out_ += "\\f";
                break;
            default:
                out_ += "\\u00";
                out_ += kHex[c >> 4];
                out_ += kHex[c & 0xF];
        }
    }
    out_.append(text.substr(plain));
    out_ += '"';
}

}  // namespace lodestone::domain
