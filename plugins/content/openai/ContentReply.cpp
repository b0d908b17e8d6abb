#include "ContentReply.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <optional>

namespace lodestone::content_openai {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr const char* kWhitespace = " \t\r\n";

std::string trimmed(const std::string& text) {
    const auto start = text.find_first_not_of(kWhitespace);
    if (start == std::string::npos) return "";
    return text.substr(start, text.find_last_not_of(kWhitespace) - start + 1);
}

[[noreturn]] void reject(const std::string& problem) {
    throw ReplyError("the model's answer is not a lead magnet: " + problem);
}

// The start of the answer, for a message about it: enough to recognise, never a whole page.
std::string excerpt(const std::string& text) {
    constexpr std::size_t kMost = 160;
    std::string cut = text.size() > kMost ? text.substr(0, kMost) : text;
    while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
    if (!cut.empty() && static_cast<unsigned char>(cut.back()) >= 0xC0) cut.pop_back();
    for (char& c : cut) {
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    }
    return "\"" + cut + (cut.size() < text.size() ? "…" : "") + "\"";
}

// The text at `key`, trimmed; nothing when absent, null or blank; ReplyError when not text.
std::optional<std::string> optionalText(const Object& object, const std::string& key,
                                        const std::string& field) {
    if (!object.has(key) || object.get(key).isEmpty()) return std::nullopt;
    const Var value = object.get(key);
    if (!value.isString()) reject(field + " is not text");
    std::string text = trimmed(value.extract<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

std::string requiredText(const Object& object, const std::string& key, const std::string& field) {
    if (!object.has(key) || object.get(key).isEmpty()) reject("it has no " + field);
    auto text = optionalText(object, key, field);
    if (!text) reject(field + " is empty");
    return *text;
}

Object::Ptr objectOrReject(const Var& value, const std::string& field) {
    if (value.type() != typeid(Object::Ptr)) reject(field + " is not an object");
    return value.extract<Object::Ptr>();
}

Array::Ptr checkedSections(const Object& document) {
    if (!document.has("sections") || document.get("sections").isEmpty()) {
        reject("it has no sections");
    }
    const Var value = document.get("sections");
    if (value.type() != typeid(Array::Ptr)) reject("sections is not a list");
    const Array::Ptr given = value.extract<Array::Ptr>();
    if (given->size() == 0) reject("sections is empty");
    Array::Ptr sections = new Array;
    for (std::size_t i = 0; i < given->size(); ++i) {
        const std::string field = "sections[" + std::to_string(i) + "]";
        const Object::Ptr section = objectOrReject(given->get(static_cast<unsigned>(i)), field);
        Object::Ptr kept = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
        kept->set("heading", requiredText(*section, "heading", field + ".heading"));
        kept->set("body", requiredText(*section, "body", field + ".body"));
        sections->add(kept);
    }
    return sections;
}

bool isWebUrl(const std::string& url) {
    return (url.starts_with("https://") || url.starts_with("http://")) &&
           url.find_first_of(" \t\r\n\"<>") == std::string::npos;
}

Object::Ptr checkedCallToAction(const Object& document, const std::string& prompts) {
    if (!document.has("callToAction") || document.get("callToAction").isEmpty()) return nullptr;
    const Object::Ptr given = objectOrReject(document.get("callToAction"), "callToAction");
    const auto text = optionalText(*given, "text", "callToAction.text");
    if (!text) return nullptr;
    Object::Ptr kept = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    kept->set("text", *text);
    const auto url = optionalText(*given, "url", "callToAction.url");
    if (url && isWebUrl(*url) && prompts.find(*url) != std::string::npos) kept->set("url", *url);
    return kept;
}

}  // namespace

std::string withoutFences(const std::string& text) {
    const std::size_t open = text.find("```");
    if (open == std::string::npos) return trimmed(text);
    // The info string ("json") runs to the end of the fence's line.
    const std::size_t lineEnd = text.find('\n', open);
    if (lineEnd == std::string::npos) return trimmed(text);
    const std::size_t close = text.rfind("```");
    if (close <= lineEnd) return trimmed(text.substr(lineEnd + 1));  // an unclosed fence
    return trimmed(text.substr(lineEnd + 1, close - lineEnd - 1));
}

Object::Ptr readContent(const std::string& answer, const std::string& prompts) {
    const std::string json = withoutFences(answer);
    if (json.empty()) reject("the answer is empty");
    Var parsed;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        parsed = parser.parse(json);
    } catch (const Poco::Exception& e) {
        reject("it is not JSON (" + e.displayText() + "): " + excerpt(json));
    }
    if (parsed.type() != typeid(Object::Ptr)) reject("it is not a JSON object: " + excerpt(json));
    const Object::Ptr document = parsed.extract<Object::Ptr>();

    Object::Ptr content = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    content->set("title", requiredText(*document, "title", "title"));
    if (auto subtitle = optionalText(*document, "subtitle", "subtitle")) {
        content->set("subtitle", *subtitle);
    }
    content->set("sections", checkedSections(*document));
    if (auto callToAction = checkedCallToAction(*document, prompts)) {
        content->set("callToAction", callToAction);
    }
    return content;
}

}  // namespace lodestone::content_openai
