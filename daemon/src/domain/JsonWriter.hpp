#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

// Writes JSON text straight into a string, for answers on the hot paths (a job's status, a
// create): building a Poco::JSON::Object first costs an allocation per value and a stream to
// print it. Keys and values come in document order; the writer puts the commas and colons.
// Strings are escaped as RFC 8259 requires; other characters, valid UTF-8 included, are written
// as they are, and a byte that is not UTF-8 becomes the text `\xHH`, as everywhere else
// (Utf8Text.hpp), so the result is always well-formed.
class JsonWriter {
  public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    // The next member's name; its value follows.
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view text);
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(double number);
    JsonWriter& value(bool flag);
    JsonWriter& null();
    template <typename T>
    JsonWriter& value(const std::optional<T>& maybe) {
        return maybe ? value(*maybe) : null();
    }
    // A value that is already JSON text (a stored document), written as it is.
    JsonWriter& raw(std::string_view json);

    template <typename T>
    JsonWriter& member(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }

    const std::string& text() const {
        out_.resize(size_);
        return out_;
    }
    std::string take() {
        out_.resize(size_);
        std::string text = std::move(out_);
        out_.clear();
        size_ = 0;
        return text;
    }

  private:
    void separate();
    // `checkUtf8`: a byte that is not UTF-8 becomes `\xHH` (values); keys are the caller's own
    // text and are written as they are.
    void string(std::string_view text, bool checkUtf8);

    // Appends `bytes` at size_; out_ is kept longer than the text, so that the many small writes
    // of a document are plain copies rather than std::string appends, each checking its capacity
    // and out of line. text() and take() cut it to size.
    void put(std::string_view bytes);
    void put(char c);
    void grow(std::size_t needed);

    mutable std::string out_;
    std::size_t size_ = 0;  // bytes written
    // Only the innermost open object or array decides whether a comma comes next: every one
    // around it already has an item, the one it is in.
    std::size_t depth_ = 0;
    bool comma_ = false;  // the innermost one has a member or item
    bool afterKey_ = false;
};

}  // namespace lodestone::domain
