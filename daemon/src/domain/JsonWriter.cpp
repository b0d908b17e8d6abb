#include "domain/JsonWriter.hpp"

#include <algorithm>
#include <array>
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

// The bytes a JSON string cannot hold as they are, and those that start a UTF-8 sequence to look
// at: a table, as the few bytes after the last whole word are tested one at a time.
constexpr std::array<bool, 256> kSpecial = [] {
    std::array<bool, 256> special{};
    for (std::size_t c = 0; c < special.size(); ++c) {
        special[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
    }
    return special;
}();

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
    while (at < text.size() && !kSpecial[static_cast<unsigned char>(text[at])]) ++at;
    return at;
}

}  // namespace

// Room at the first write for most documents, a job's status about whole. Not more: the many small
// ones (a log line, a create's answer) would pay for clearing it (measured by bench/budget).
constexpr std::size_t kFirstSize = 1024;

void JsonWriter::grow(std::size_t needed) {
    out_.resize(std::max({2 * out_.size(), size_ + needed, kFirstSize}));
}

inline void JsonWriter::put(std::string_view bytes) {
    if (bytes.empty()) return;
    if (out_.size() - size_ < bytes.size()) grow(bytes.size());
    std::memcpy(out_.data() + size_, bytes.data(), bytes.size());
    size_ += bytes.size();
}

inline void JsonWriter::put(char c) {
    if (out_.size() == size_) grow(1);
    out_[size_++] = c;
}

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (comma_) put(',');
    comma_ = depth_ > 0;
}

JsonWriter& JsonWriter::beginObject() {
    separate();
    put('{');
    ++depth_;
    comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    put('}');
    if (depth_ > 0) --depth_;
    comma_ = depth_ > 0;
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    separate();
    put('[');
    ++depth_;
    comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    put(']');
    if (depth_ > 0) --depth_;
    comma_ = depth_ > 0;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    string(name, false);
    put(':');
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
    put(std::string_view(digits, static_cast<std::size_t>(end - digits)));
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    // JSON has no NaN or infinity.
    if (!std::isfinite(number)) return null();
    separate();
    char digits[32];
    auto end = std::to_chars(digits, digits + sizeof(digits), number).ptr;
    put(std::string_view(digits, static_cast<std::size_t>(end - digits)));
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    separate();
    put(flag ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    put("null");
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    separate();
    put(json);
    return *this;
}

void JsonWriter::string(std::string_view text, bool checkUtf8) {
    static constexpr char kHex[] = "0123456789abcdef";
    static constexpr char kUpperHex[] = "0123456789ABCDEF";
    put('"');
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
        put(text.substr(plain, at - plain));
        plain = ++at;
        switch (c) {
            case '"':
                put("\\\"");
                break;
            case '\\':
                put("\\\\");
                break;
            case '\n':
                put("\\n");
                break;
            case '\r':
                put("\\r");
                break;
            case '\t':
                put("\\t");
                break;
            case '\b':
                put("\\b");
                break;
            case '\f':
                put("\\f");
                break;
            default:
                if (c >= 0x80) {
                    // The text escapeInvalidUtf8 gives the byte, its backslash escaped for JSON.
                    const char escape[] = {'\\', '\\', 'x', kUpperHex[c >> 4], kUpperHex[c & 0xF]};
                    put(std::string_view(escape, sizeof(escape)));
                } else {
                    const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
                    put(std::string_view(escape, sizeof(escape)));
                }
        }
    }
    put(text.substr(plain));
    put('"');
}

}  // namespace lodestone::domain
