#include "domain/JsonWriter.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#include "domain/Utf8Text.hpp"

namespace lodestone::domain {
namespace {

constexpr std::uint64_t kEachByte = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// The high bit of each byte of `word` that is below `limit` (at most 0x80). A borrow can mark
// bytes above the first such byte too, never one below it: the lowest mark is exact.
constexpr std::uint64_t bytesBelow(std::uint64_t word, std::uint64_t limit) {
    return (word - limit * kEachByte) & ~word & kHighBits;
}

constexpr std::uint64_t bytesEqual(std::uint64_t word, unsigned char c) {
    return bytesBelow(word ^ (c * kEachByte), 1);
}

// A byte a JSON string cannot hold as it is, or the start of a UTF-8 sequence to look at.
constexpr bool special(unsigned char c) {
    return c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
}

// The offset of the first special byte from `at` on, or text.size(). Eight bytes at a time: the
// strings of an answer are mostly long runs of plain ASCII.
std::size_t plainUntil(std::string_view text, std::size_t at) {
    if constexpr (std::endian::native == std::endian::little) {
        while (at + sizeof(std::uint64_t) <= text.size()) {
            std::uint64_t word;
            std::memcpy(&word, text.data() + at, sizeof(word));
            const std::uint64_t marks = bytesBelow(word, 0x20) | bytesEqual(word, '"') |
                                        bytesEqual(word, '\\') | (word & kHighBits);
            if (marks != 0) return at + static_cast<std::size_t>(std::countr_zero(marks)) / 8;
            at += sizeof(word);
        }
    }
    while (at < text.size() && !special(static_cast<unsigned char>(text[at]))) ++at;
    return at;
}

}  // namespace

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (comma_) out_ += ',';
    comma_ = depth_ > 0;
}

JsonWriter& JsonWriter::beginObject() {
    separate();
    out_ += '{';
    ++depth_;
    comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    out_ += '}';
    if (depth_ > 0) --depth_;
    comma_ = depth_ > 0;
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    separate();
    out_ += '[';
    ++depth_;
    comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    out_ += ']';
    if (depth_ > 0) --depth_;
    comma_ = depth_ > 0;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    string(name, false);
    out_ += ':';
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    string(text, true);
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

void JsonWriter::string(std::string_view text, bool checkUtf8) {
    static constexpr char kHex[] = "0123456789abcdef";
    static constexpr char kUpperHex[] = "0123456789ABCDEF";
    out_ += '"';
    std::size_t plain = 0;  // start of the run of bytes written as they are
    std::size_t at = 0;
    while ((at = plainUntil(text, at)) < text.size()) {
        const auto c = static_cast<unsigned char>(text[at]);
        if (c >= 0x80) {
            const std::size_t length = checkUtf8 ? utf8SequenceLength(text, at) : 1;
            if (length > 0) {
                at += length;
                continue;
            }
        }
        out_.append(text.data() + plain, at - plain);
        plain = ++at;
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
                if (c >= 0x80) {
                    // The text escapeInvalidUtf8 gives the byte, its backslash escaped for JSON.
                    out_ += "\\\\x";
                    out_ += kUpperHex[c >> 4];
                    out_ += kUpperHex[c & 0xF];
                } else {
                    out_ += "\\u00";
                    out_ += kHex[c >> 4];
                    out_ += kHex[c & 0xF];
                }
        }
    }
    out_.append(text.data() + plain, text.size() - plain);
    out_ += '"';
}

}  // namespace lodestone::domain
