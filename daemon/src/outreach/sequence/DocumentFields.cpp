#include "outreach/sequence/DocumentFields.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "domain/Durations.hpp"
#include "domain/Utf8Text.hpp"
#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {
namespace {

// The document nests three levels (steps[i].field); the bound keeps a hostile document from
// exhausting the parser.
constexpr std::size_t kMaxDepth = 16;
// Enough of a bad value to recognise it without flooding the message.
constexpr std::size_t kMaxQuoted = 60;

bool isList(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Array::Ptr);
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

}  // namespace

bool isMapping(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}

std::string describeValue(const Poco::Dynamic::Var& value) {
    if (value.isEmpty()) return "null";
    if (isMapping(value)) return "a mapping";
    if (isList(value)) return "a list";
    std::ostringstream out;
    if (value.isString()) {
        const auto text = domain::shortenedUtf8(
            domain::escapeInvalidUtf8(value.extract<std::string>()), kMaxQuoted);
        Poco::JSON::Stringifier::stringify(Poco::Dynamic::Var(text), out);
    } else {
        Poco::JSON::Stringifier::stringify(value, out);
    }
    return out.str();
}

DocumentFields::DocumentFields(Poco::JSON::Object::Ptr object, std::string path)
    : object_(std::move(object)), path_(std::move(path)) {}

void DocumentFields::allowOnly(const std::vector<std::string>& valid) const {
    std::vector<std::string> names;
    object_->getNames(names);
    for (const auto& name : names) {
        if (std::find(valid.begin(), valid.end(), name) != valid.end()) continue;
        throw SequenceError(pathOf(name), "unknown key; valid keys here are " + joined(valid));
    }
}

std::string DocumentFields::pathOf(const std::string& key) const {
    return path_.empty() ? key : path_ + "." + key;
}

Poco::Dynamic::Var DocumentFields::value(const std::string& key) const {
    return object_->has(key) ? object_->get(key) : Poco::Dynamic::Var();
}

bool DocumentFields::has(const std::string& key) const {
    return !value(key).isEmpty();
}

void DocumentFields::require(const std::string& key) const {
    if (!has(key)) throw SequenceError(pathOf(key), "is required");
}

std::optional<std::string> DocumentFields::text(const std::string& key) const {
    const auto raw = value(key);
    if (raw.isEmpty()) return std::nullopt;
    if (!raw.isString()) {
        throw SequenceError(pathOf(key), "expected a string, got " + describeValue(raw));
    }
    auto text = raw.extract<std::string>();
    if (domain::firstInvalidUtf8(text) != domain::kNoInvalidUtf8) {
        throw SequenceError(pathOf(key), "is not valid UTF-8");
    }
    return text;
}

std::optional<std::int64_t> DocumentFields::integer(const std::string& key, std::int64_t min,
                                                    std::int64_t max) const {
    const auto raw = value(key);
    if (raw.isEmpty()) return std::nullopt;
    if (!raw.isBoolean() && raw.isNumeric()) {
        const double number = raw.convert<double>();
        if (std::isfinite(number) && number == std::floor(number) &&
            number >= static_cast<double>(min) && number <= static_cast<double>(max)) {
            return static_cast<std::int64_t>(number);
        }
    }
    throw SequenceError(pathOf(key), "expected a whole number from " + std::to_string(min) +
                                         " to " + std::to_string(max) + ", got " +
                                         describeValue(raw));
}

std::optional<std::chrono::milliseconds> DocumentFields::duration(
    const std::string& key, std::chrono::milliseconds max) const {
    const auto raw = value(key);
    if (raw.isEmpty()) return std::nullopt;
    const auto parsed =
        raw.isString() ? domain::parseDuration(raw.extract<std::string>()) : std::nullopt;
    if (!parsed) {
        throw SequenceError(
            pathOf(key),
            "expected a duration such as 500ms, 90s, 15m, 2h or 3d, got " + describeValue(raw));
    }
    if (*parsed > max) {
        throw SequenceError(pathOf(key), "must be at most " + domain::formatDuration(max) +
                                             ", got " + describeValue(raw));
    }
    return *parsed;
}

std::optional<DocumentFields> DocumentFields::mapping(const std::string& key) const {
    const auto raw = value(key);
    if (raw.isEmpty()) return std::nullopt;
    if (!isMapping(raw)) {
        throw SequenceError(pathOf(key), "expected a mapping, got " + describeValue(raw));
    }
    return DocumentFields(raw.extract<Poco::JSON::Object::Ptr>(), pathOf(key));
}

std::optional<Poco::JSON::Array::Ptr> DocumentFields::list(const std::string& key) const {
    const auto raw = value(key);
    if (raw.isEmpty()) return std::nullopt;
    if (!isList(raw)) {
        throw SequenceError(pathOf(key), "expected a list, got " + describeValue(raw));
    }
    return raw.extract<Poco::JSON::Array::Ptr>();
}

DocumentFields readSequenceDocument(const std::string& json) {
    Poco::Dynamic::Var root;
    try {
        Poco::JSON::Parser parser;
        parser.setDepth(kMaxDepth);
        root = parser.parse(json);
    } catch (const Poco::Exception& e) {
        throw SequenceError("", "not valid JSON: " + e.displayText());
    }
    if (!isMapping(root)) {
        throw SequenceError("", "expected a mapping, got " + describeValue(root));
    }
    return DocumentFields(root.extract<Poco::JSON::Object::Ptr>(), "");
}

}  // namespace lodestone::outreach
