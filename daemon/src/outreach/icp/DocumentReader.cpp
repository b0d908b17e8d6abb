#include "outreach/icp/DocumentReader.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <Poco/String.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "outreach/icp/IcpError.hpp"
#include "outreach/icp/Text.hpp"

namespace lodestone::outreach::icp {
namespace {

// Criteria nest three levels; the bound keeps a hostile document from exhausting the parser.
constexpr std::size_t kMaxDepth = 32;
// Enough of a bad value to recognise it without flooding the message.
constexpr std::size_t kMaxQuoted = 60;

bool isObject(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}

bool isArray(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Array::Ptr);
}

}  // namespace

std::string describe(const Poco::Dynamic::Var& value) {
    if (value.isEmpty()) return "null";
    if (isObject(value)) return "a mapping";
    if (isArray(value)) return "a list";
    if (value.isString()) {
        std::string text = value.extract<std::string>();
        if (text.size() > kMaxQuoted) text = text.substr(0, kMaxQuoted) + "...";
        std::ostringstream out;
        Poco::JSON::Stringifier::stringify(Poco::Dynamic::Var(text), out);
        return out.str();
    }
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(value, out);
    return out.str();
}

void fail(const std::string& path, const std::string& problem) {
    throw IcpError(path + ": " + problem);
}

MappingReader::MappingReader(Poco::JSON::Object::Ptr object, std::string path)
    : object_(std::move(object)), path_(std::move(path)) {}

void MappingReader::allowOnly(const std::vector<std::string>& valid) const {
    std::vector<std::string> names;
    object_->getNames(names);
    for (const auto& name : names) {
        if (std::find(valid.begin(), valid.end(), name) != valid.end()) continue;
        fail(pathOf(name), "unknown key; valid keys here are " + joined(valid));
    }
}

bool MappingReader::has(const std::string& key) const {
    return object_->has(key);
}

std::string MappingReader::pathOf(const std::string& key) const {
    return path_.empty() ? key : path_ + "." + key;
}

Poco::Dynamic::Var MappingReader::value(const std::string& key) const {
    return object_->has(key) ? object_->get(key) : Poco::Dynamic::Var();
}

std::optional<double> MappingReader::number(const std::string& key, const std::string& expected,
                                            const std::function<bool(double)>& accept) const {
    if (!has(key)) return std::nullopt;
    auto raw = value(key);
    if (!raw.isEmpty() && !raw.isBoolean() && raw.isNumeric()) {
        double number = raw.convert<double>();
        if (std::isfinite(number) && accept(number)) return number;
    }
    fail(pathOf(key), "expected " + expected + ", got " + describe(raw));
}

std::optional<int> MappingReader::integer(const std::string& key, const std::string& expected,
                                          int min, int max) const {
    auto read = number(key, expected,
                       [min, max](double n) { return n == std::floor(n) && n >= min && n <= max; });
    if (!read) return std::nullopt;
    return static_cast<int>(*read);
}

std::optional<bool> MappingReader::boolean(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    auto raw = value(key);
    if (!raw.isEmpty() && raw.isBoolean()) return raw.convert<bool>();
    fail(pathOf(key), "expected true or false, got " + describe(raw));
}

std::optional<std::vector<std::string>> MappingReader::names(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    auto raw = value(key);
    if (!isArray(raw)) {
        fail(pathOf(key), "expected a list such as [a, b], got " + describe(raw));
    }
    auto array = raw.extract<Poco::JSON::Array::Ptr>();
    if (array->size() == 0) fail(pathOf(key), "expected at least one entry, got an empty list");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        auto element = array->get(static_cast<unsigned>(i));
        std::string text = element.isString() ? Poco::trim(element.extract<std::string>()) : "";
        if (text.empty()) {
            fail(pathOf(key) + "[" + std::to_string(i) + "]",
                 "expected a non-empty string, got " + describe(element));
        }
        out.push_back(text);
    }
    return out;
}

std::optional<MappingReader> MappingReader::mapping(const std::string& key,
                                                    bool nullIsEmpty) const {
    if (!has(key)) return std::nullopt;
    auto raw = value(key);
    if (raw.isEmpty() && nullIsEmpty) {
        return MappingReader(new Poco::JSON::Object(), pathOf(key));
    }
    if (!isObject(raw)) fail(pathOf(key), "expected a mapping, got " + describe(raw));
    return MappingReader(raw.extract<Poco::JSON::Object::Ptr>(), pathOf(key));
}

MappingReader readDocument(const std::string& json) {
    Poco::Dynamic::Var root;
    try {
        Poco::JSON::Parser parser;
        parser.setDepth(kMaxDepth);
        root = parser.parse(json);
    } catch (const Poco::Exception& e) {
        throw IcpError("ICP document: not valid JSON: " + e.displayText());
    }
    if (!isObject(root)) {
        throw IcpError("ICP document: expected a mapping, got " + describe(root));
    }
    return MappingReader(root.extract<Poco::JSON::Object::Ptr>(), "");
}

}  // namespace lodestone::outreach::icp
