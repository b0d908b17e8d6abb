#include "domain/JsonDocument.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <Poco/String.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "domain/Text.hpp"
#include "domain/Utf8Text.hpp"

namespace lodestone::domain {
namespace {

// Enough of a bad value to recognise it without flooding the message.
constexpr std::size_t kMaxQuoted = 60;

bool isMapping(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}

bool isList(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Array::Ptr);
}

}  // namespace

DocumentProblem::DocumentProblem(std::string path, std::string problem)
    : std::runtime_error(path.empty() ? problem : path + ": " + problem),
      path_(std::move(path)),
      problem_(std::move(problem)) {}

std::string describeJsonValue(const Poco::Dynamic::Var& value) {
    if (value.isEmpty()) return "null";
    if (isMapping(value)) return "a mapping";
    if (isList(value)) return "a list";
    std::ostringstream out;
    if (value.isString()) {
        const auto text =
            shortenedUtf8(escapeInvalidUtf8(value.extract<std::string>()), kMaxQuoted);
        Poco::JSON::Stringifier::stringify(Poco::Dynamic::Var(text), out);
    } else {
        Poco::JSON::Stringifier::stringify(value, out);
    }
    return out.str();
}

MappingFields::MappingFields(Poco::JSON::Object::Ptr object, std::string path, NullValue nulls)
    : object_(std::move(object)), path_(std::move(path)), nulls_(nulls) {}

std::string MappingFields::pathOf(const std::string& key) const {
    return path_.empty() ? key : path_ + "." + key;
}

void MappingFields::allowOnly(const std::vector<std::string>& valid) const {
    std::vector<std::string> names;
    object_->getNames(names);
    for (const auto& name : names) {
        if (std::find(valid.begin(), valid.end(), name) != valid.end()) continue;
        throw DocumentProblem(pathOf(name), "unknown key; valid keys here are " + joined(valid));
    }
}

std::optional<Poco::Dynamic::Var> MappingFields::present(const std::string& key) const {
    if (!object_->has(key)) return std::nullopt;
    auto value = object_->get(key);
    if (value.isEmpty() && nulls_ == NullValue::Absent) return std::nullopt;
    return value;
}

void MappingFields::wrong(const std::string& key, const std::string& expected,
                          const Poco::Dynamic::Var& value) const {
    throw DocumentProblem(pathOf(key),
                          "expected " + expected + ", got " + describeJsonValue(value));
}

bool MappingFields::has(const std::string& key) const {
    return present(key).has_value();
}

void MappingFields::require(const std::string& key) const {
    if (!has(key)) throw DocumentProblem(pathOf(key), "is required");
}

std::optional<double> MappingFields::number(const std::string& key, const std::string& expected,
                                            const std::function<bool(double)>& accept) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    // Poco calls a boolean numeric; a document's `true` is no number.
    if (!raw->isEmpty() && !raw->isBoolean() && raw->isNumeric()) {
        const double number = raw->convert<double>();
        if (std::isfinite(number) && accept(number)) return number;
    }
    wrong(key, expected, *raw);
}

std::optional<std::int64_t> MappingFields::integer(const std::string& key, std::int64_t min,
                                                   std::int64_t max) const {
    return integer(key, min, max,
                   "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
}

std::optional<std::int64_t> MappingFields::integer(const std::string& key, std::int64_t min,
                                                   std::int64_t max,
                                                   const std::string& expected) const {
    const auto read = number(key, expected, [min, max](double n) {
        return n == std::floor(n) && n >= static_cast<double>(min) && n <= static_cast<double>(max);
    });
    if (!read) return std::nullopt;
    return static_cast<std::int64_t>(*read);
}

std::optional<bool> MappingFields::boolean(const std::string& key) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    if (!raw->isEmpty() && raw->isBoolean()) return raw->convert<bool>();
    wrong(key, "true or false", *raw);
}

std::optional<std::string> MappingFields::text(const std::string& key) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    if (!raw->isString()) wrong(key, "a string", *raw);
    auto text = raw->extract<std::string>();
    if (firstInvalidUtf8(text) != kNoInvalidUtf8) {
        throw DocumentProblem(pathOf(key), "is not valid UTF-8");
    }
    return text;
}

std::optional<std::vector<std::string>> MappingFields::names(const std::string& key) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    if (!isList(*raw)) wrong(key, "a list such as [a, b]", *raw);
    const auto array = raw->extract<Poco::JSON::Array::Ptr>();
    if (array->size() == 0) {
        throw DocumentProblem(pathOf(key), "expected at least one entry, got an empty list");
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto element = array->get(static_cast<unsigned>(i));
        std::string text = element.isString() ? Poco::trim(element.extract<std::string>()) : "";
        if (text.empty()) {
            throw DocumentProblem(pathOf(key) + "[" + std::to_string(i) + "]",
                                  "expected a non-empty string, got " + describeJsonValue(element));
        }
        out.push_back(std::move(text));
    }
    return out;
}

std::optional<Duration> MappingFields::duration(const std::string& key, Duration max) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    const auto parsed = raw->isString() ? parseDuration(raw->extract<std::string>()) : std::nullopt;
    if (!parsed) wrong(key, "a duration such as 500ms, 90s, 15m, 2h or 3d", *raw);
    if (*parsed > max) {
        throw DocumentProblem(pathOf(key), "must be at most " + formatDuration(max) + ", got " +
                                               describeJsonValue(*raw));
    }
    return *parsed;
}

std::optional<Poco::JSON::Array::Ptr> MappingFields::list(const std::string& key) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    if (!isList(*raw)) wrong(key, "a list", *raw);
    return raw->extract<Poco::JSON::Array::Ptr>();
}

std::optional<MappingFields> MappingFields::mapping(const std::string& key) const {
    const auto raw = present(key);
    if (!raw) return std::nullopt;
    if (!isMapping(*raw)) wrong(key, "a mapping", *raw);
    return MappingFields(raw->extract<Poco::JSON::Object::Ptr>(), pathOf(key), nulls_);
}

std::optional<MappingFields> MappingFields::mappingOrEmpty(const std::string& key) const {
    if (object_->has(key) && object_->get(key).isEmpty()) {
        return MappingFields(new Poco::JSON::Object(), pathOf(key), nulls_);
    }
    return mapping(key);
}

MappingFields MappingFields::entry(const Poco::Dynamic::Var& value, std::string path,
                                   const std::string& expected) const {
    if (!isMapping(value)) {
        throw DocumentProblem(path, "expected " + expected + ", got " + describeJsonValue(value));
    }
    return MappingFields(value.extract<Poco::JSON::Object::Ptr>(), std::move(path), nulls_);
}

MappingFields readJsonDocument(const std::string& json, const DocumentOptions& options) {
    Poco::Dynamic::Var root;
    try {
        Poco::JSON::Parser parser;
        parser.setDepth(options.maxDepth);
        root = parser.parse(json);
    } catch (const Poco::Exception& e) {
        throw DocumentProblem("", "not valid JSON: " + e.displayText());
    }
    if (!isMapping(root)) {
        throw DocumentProblem("", "expected a mapping, got " + describeJsonValue(root));
    }
    return MappingFields(root.extract<Poco::JSON::Object::Ptr>(), "", options.nulls);
}

}  // namespace lodestone::domain
