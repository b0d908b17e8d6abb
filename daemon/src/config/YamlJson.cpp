#include "config/YamlJson.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Stringifier.h>

#include <charconv>
#include <cmath>
#include <sstream>

namespace lodestone::config {
namespace {

Poco::Dynamic::Var plainScalar(const std::string& text) {
    if (text == "true") return true;
    if (text == "false") return false;
    if (text == "null" || text == "~" || text.empty()) return Poco::Dynamic::Var();
    const char* end = text.data() + text.size();
    std::int64_t integer = 0;
    auto intResult = std::from_chars(text.data(), end, integer);
    if (intResult.ec == std::errc() && intResult.ptr == end) return integer;
    double number = 0;
    auto numberResult = std::from_chars(text.data(), end, number);
    if (numberResult.ec == std::errc() && numberResult.ptr == end && std::isfinite(number)) {
        return number;
    }
    return text;
}

}  // namespace

Poco::Dynamic::Var yamlToJson(const ConfigNode& node) {
    if (node.isNull()) return Poco::Dynamic::Var();
    if (node.isMap()) {
        Poco::JSON::Object::Ptr object = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& [key, child] : node.entries()) object->set(key, yamlToJson(child));
        return object;
    }
    if (node.isSequence()) {
        Poco::JSON::Array::Ptr array = new Poco::JSON::Array();
        for (const auto& element : node.elements()) array->add(yamlToJson(element));
        return array;
    }
    auto text = node.asString();
    if (!text) return Poco::Dynamic::Var();
    // A quoted scalar ("42") is a string by the writer's choice; only plain ones are inferred.
    if (node.yaml().Tag() == "!") return *text;
    return plainScalar(*text);
}

namespace {

void collectLines(const ConfigNode& node, const std::string& prefix, KeyLines& lines) {
    if (node.isMap()) {
        for (const auto& [key, child] : node.entries()) {
            std::string path = prefix.empty() ? key : prefix + "." + key;
            lines.lines[path] = child.line();
            collectLines(child, path, lines);
        }
    } else if (node.isSequence()) {
        auto elements = node.elements();
        for (std::size_t i = 0; i < elements.size(); ++i) {
            std::string path = prefix + "[" + std::to_string(i) + "]";
            lines.lines[path] = elements[i].line();
            collectLines(elements[i], path, lines);
        }
    }
}

}  // namespace

KeyLines keyLinesOf(const ConfigNode& node) {
    KeyLines lines;
    lines.file = node.file();
    collectLines(node, "", lines);
    return lines;
}

std::string yamlToJsonText(const ConfigNode& node) {
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(yamlToJson(node), out);
    return out.str();
}

}  // namespace lodestone::config
