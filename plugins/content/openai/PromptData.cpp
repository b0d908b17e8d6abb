#include "PromptData.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <lodestone/plugin.hpp>
#include <sstream>

namespace lodestone::content_openai {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

Object::Ptr objectAt(const Object::Ptr& parent, const std::string& key, const std::string& field,
                     bool required) {
    if (!parent->has(key) || parent->get(key).isEmpty()) {
        if (required) throw InputError(field + " is missing");
        return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    }
    const Var value = parent->get(key);
    if (value.type() != typeid(Object::Ptr)) throw InputError(field + " is not a JSON object");
    return value.extract<Object::Ptr>();
}

std::string jsonText(const Var& value, unsigned indent = 0) {
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(value, out, indent);
    return out.str();
}

PromptData dataOf(const Var& value);

PromptData objectData(const Object& object) {
    PromptData data(PromptData::type::object);
    for (const auto& [name, value] : object) {
        if (value.isEmpty()) continue;
        data.set(name, dataOf(value));
    }
    return data;
}

PromptData dataOf(const Var& value) {
    if (value.type() == typeid(Object::Ptr)) {
        const auto object = value.extract<Object::Ptr>();
        return object ? objectData(*object) : PromptData(PromptData::type::object);
    }
    if (value.type() == typeid(Array::Ptr)) {
        PromptData list(PromptData::type::list);
        const auto array = value.extract<Array::Ptr>();
        for (std::size_t i = 0; array && i < array->size(); ++i) {
            const Var item = array->get(static_cast<unsigned>(i));
            if (!item.isEmpty()) list.push_back(dataOf(item));
        }
        return list;
    }
    if (value.isBoolean()) return PromptData(value.extract<bool>());
    if (value.isString()) return PromptData(value.extract<std::string>());
    return PromptData(value.toString());  // numbers, as JSON writes them
}

// [{name, value}]: Mustache cannot walk an object's keys, so custom fields come as a list.
PromptData customFields(const ContentInput& input) {
    Object::Ptr fields = input.research->getObject("custom");
    if (!fields) fields = input.lead->getObject("customFields");
    PromptData list(PromptData::type::list);
    if (!fields) return list;
    for (const auto& [name, value] : *fields) {
        if (value.isEmpty()) continue;
        PromptData entry(PromptData::type::object);
        entry.set("name", name);
        entry.set("value", value.isString() ? value.extract<std::string>() : jsonText(value));
        list.push_back(entry);
    }
    return list;
}

// Research's findings with their sources, or its plain facts when it gave no findings
// (research-basic before findings, or another research plugin).
PromptData findings(const ContentInput& input) {
    if (auto found = input.research->getArray("findings"); found && found->size() > 0) {
        return dataOf(Var(found));
    }
    PromptData list(PromptData::type::list);
    if (auto facts = input.research->getArray("facts")) {
        for (std::size_t i = 0; i < facts->size(); ++i) {
            const Var fact = facts->get(static_cast<unsigned>(i));
            if (!fact.isString()) continue;
            PromptData entry(PromptData::type::object);
            entry.set("text", fact.extract<std::string>());
            list.push_back(entry);
        }
    }
    return list;
}

}  // namespace

ContentInput readInput(const std::string& inputJson) {
    Object::Ptr input;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
        const Var parsed = parser.parse(inputJson);
        if (parsed.type() == typeid(Object::Ptr)) input = parsed.extract<Object::Ptr>();
    } catch (const Poco::Exception& e) {
        throw InputError("the input is not JSON: " + e.displayText());
    }
    if (!input) throw InputError("the input is not a JSON object");
    ContentInput result;
    result.lead = objectAt(input, "lead", "lead", true);
    result.research = objectAt(input, "research", "research", false);
    result.project = objectAt(input, "project", "project", false);
    return result;
}

PromptData promptData(const ContentInput& input) {
    PromptData data(PromptData::type::object);
    data.set("lead", objectData(*input.lead));
    data.set("research", objectData(*input.research));
    data.set("project", objectData(*input.project));
    data.set("customFields", customFields(input));
    data.set("findings", findings(input));

    const Object::Ptr settings = input.project->getObject("settings");
    const std::string format = settings ? settings->optValue<std::string>("format", "") : "";
    if (!format.empty() && format != "auto") data.set("format", format);
    const std::string language = settings ? settings->optValue<std::string>("language", "") : "";
    data.set("language", language.empty() ? std::string("en") : language);
    if (auto brand = settings ? settings->getObject("brand") : nullptr) {
        data.set("brand", objectData(*brand));
    }
    data.set("leadJson", jsonText(Var(input.lead), 2));
    data.set("researchJson", jsonText(Var(input.research), 2));
    return data;
}

}  // namespace lodestone::content_openai
