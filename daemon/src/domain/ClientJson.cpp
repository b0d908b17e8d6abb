#include "domain/ClientJson.hpp"

#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <cstdio>
#include <optional>
#include <unordered_set>
#include <vector>

#include "domain/Utf8Text.hpp"

namespace lodestone::domain {
namespace {

// Client text quoted in a message (a key) is cut to this many bytes: enough to recognise it.
constexpr std::size_t kQuotedBytes = 100;

const char* const kTextRule =
    "text may hold no control characters other than tab, line feed and carriage return";

std::string sentence(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
        text[0] = static_cast<char>(text[0] - 32);
    return text;
}

std::string codePoint(char c) {
    char name[8];
    std::snprintf(name, sizeof(name), "U+%04X",
                  static_cast<unsigned>(static_cast<unsigned char>(c)));
    return name;
}

// The first character of `text` the control-character rule refuses, if any.
std::optional<char> firstForbiddenControl(const std::string& text) {
    for (char c : text) {
        if (isForbiddenControl(c)) return c;
    }
    return std::nullopt;
}

ClientJsonError controlCharacter(char c, const std::string& place) {
    return ClientJsonError("Control character " + codePoint(c) + " in " + place + ": " + kTextRule);
}

// Poco's parser hands a key over as a C string, so a key holding an escaped NUL arrives cut short
// at it: such a key is only visible in the text. True when `text` has a \u0000 escape (a
// backslash pair such as \\ is skipped whole, so "\\u0000" is no escape).
bool hasEscapedNul(const std::string& text) {
    for (std::size_t at = text.find('\\'); at != std::string::npos; at = text.find('\\', at + 2)) {
        if (text.compare(at + 1, 5, "u0000") == 0) return true;
    }
    return false;
}

// Poco's order-keeping ParseHandler, with the checks and bounds of parseClientJson applied as
// each event arrives, so a refused document is abandoned at the first offence rather than built
// in full. Knows the path of the value being read for its messages.
class StrictHandler final : public Poco::JSON::ParseHandler {
  public:
    explicit StrictHandler(std::string document)
        : Poco::JSON::ParseHandler(true), document_(std::move(document)) {}

    void startObject() override {
        open(true);
        ParseHandler::startObject();
    }
    void endObject() override {
        frames_.pop_back();
        ParseHandler::endObject();
    }
    void startArray() override {
        open(false);
        ParseHandler::startArray();
    }
    void endArray() override {
        frames_.pop_back();
        ParseHandler::endArray();
    }

    void key(const std::string& name) override {
        Frame& object = frames_.back();
        if (auto c = firstForbiddenControl(name)) {
            throw controlCharacter(*c, "a key of " + where(path(frames_.size() - 1)));
        }
        if (object.keys.size() >= kMaxObjectKeys) {
            throw ClientJsonError("Too many keys in " + where(path(frames_.size() - 1)) +
                                  ": one object may have at most " +
                                  std::to_string(kMaxObjectKeys));
        }
        if (++keys_ > kMaxJsonKeys) {
            throw ClientJsonError("Too many keys in " + document_ + ": at most " +
                                  std::to_string(kMaxJsonKeys) + " in all");
        }
        if (!object.keys.insert(name).second) {
            throw ClientJsonError("Duplicate key \"" + shortenedUtf8(name, kQuotedBytes) +
                                  "\" in " + where(path(frames_.size() - 1)));
        }
        object.key = name;
        ParseHandler::key(name);
    }

    void value(const std::string& text) override {
        item();
        if (auto c = firstForbiddenControl(text)) {
            throw controlCharacter(*c, where(path(frames_.size())));
        }
        ParseHandler::value(text);
    }
    void value(int v) override {
        item();
        ParseHandler::value(v);
    }
    void value(unsigned v) override {
        item();
        ParseHandler::value(v);
    }
    void value(Poco::Int64 v) override {
        item();
        ParseHandler::value(v);
    }
    void value(Poco::UInt64 v) override {
        item();
        ParseHandler::value(v);
    }
    void value(double v) override {
        item();
        ParseHandler::value(v);
    }
    void value(bool v) override {
        item();
        ParseHandler::value(v);
    }
    void null() override {
        item();
        ParseHandler::null();
    }

  private:
    // An open object or array: the key or index being read, and an object's keys so far.
    struct Frame {
        bool object;
        std::string key;
        std::size_t items = 0;
        std::unordered_set<std::string> keys;
    };

    void open(bool object) {
        item();
        if (frames_.size() >= kMaxJsonDepth) {
            throw ClientJsonError(sentence(document_) + " is nested deeper than " +
                                  std::to_string(kMaxJsonDepth) + " levels");
        }
        frames_.push_back(Frame{object, {}, 0, {}});
    }

    // A value is starting: in an array it is the next item.
    void item() {
        if (frames_.empty() || frames_.back().object) return;
        ++frames_.back().items;
        if (++items_ > kMaxJsonArrayItems) {
            throw ClientJsonError("Too many array items in " + document_ + ": at most " +
                                  std::to_string(kMaxJsonArrayItems) + " in all");
        }
    }

    // The path of the value in the first `depth` frames: `company.technologies[2]`.
    std::string path(std::size_t depth) const {
        std::string out;
        for (std::size_t i = 0; i < depth; ++i) {
            const Frame& frame = frames_[i];
            if (frame.object) {
                if (!out.empty()) out += '.';
                out += shortenedUtf8(frame.key, kQuotedBytes);
            } else {
                out += "[" + std::to_string(frame.items - 1) + "]";
            }
        }
        return out;
    }

    std::string where(const std::string& path) const { return path.empty() ? document_ : path; }

    std::string document_;
    std::vector<Frame> frames_;
    std::size_t keys_ = 0;
    std::size_t items_ = 0;
};

}  // namespace

bool isForbiddenControl(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
}

Poco::Dynamic::Var parseClientJson(const std::string& text, const std::string& document) {
    Poco::Dynamic::Var parsed;
    try {
        Poco::JSON::Parser parser(new StrictHandler(document));
        // The handler refuses one level earlier with a clearer message; this is a backstop.
        parser.setDepth(kMaxJsonDepth + 1);
        parsed = parser.parse(text);
    } catch (const Poco::Exception& e) {
        // Poco's detail may quote one byte of a multi-byte character, or a whole number.
        throw ClientJsonError(sentence(document) + " is not valid JSON: " +
                              escapeInvalidUtf8(shortenedUtf8(e.message(), kQuotedBytes)));
    }
    // Every NUL in a string value was refused above, with its path; one left is in a key.
    if (hasEscapedNul(text)) {
        throw ClientJsonError("Control character U+0000 in a key of " + document + ": " +
                              kTextRule);
    }
    return parsed;
}

}  // namespace lodestone::domain
