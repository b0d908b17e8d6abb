#include "ChatRequest.hpp"

#include <Poco/JSON/Array.h>

#include <sstream>

namespace lodestone::content_openai {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Object::Ptr ordered() {
    return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

Object::Ptr text(const std::string& description) {
    Object::Ptr property = ordered();
    property->set("type", "string");
    property->set("description", description);
    return property;
}

// An object schema whose every property is required and no other is allowed, as strict
// structured output demands.
Object::Ptr closedObject(const std::vector<std::pair<std::string, Object::Ptr>>& properties) {
    Object::Ptr schema = ordered();
    schema->set("type", "object");
    Object::Ptr props = ordered();
    Array::Ptr required = new Array;
    for (const auto& [name, property] : properties) {
        props->set(name, property);
        required->add(name);
    }
    schema->set("properties", props);
    schema->set("required", required);
    schema->set("additionalProperties", false);
    return schema;
}

Object::Ptr message(const std::string& role, const std::string& content) {
    Object::Ptr entry = ordered();
    entry->set("role", role);
    entry->set("content", content);
    return entry;
}

}  // namespace

Object::Ptr contentSchema() {
    Object::Ptr sections = ordered();
    sections->set("type", "array");
    sections->set("description", "The document's sections, in reading order");
    sections->set("items",
                  closedObject({{"heading", text("The section's heading, plain text")},
                                {"body", text("Plain text: paragraphs separated by a blank line, "
                                              "list items starting with \"- \"")}}));
    return closedObject(
        {{"title", text("The document's title, plain text")},
         {"subtitle", text("One line under the title; empty when there is none")},
         {"sections", sections},
         {"callToAction",
          closedObject({{"text", text("What the reader is invited to do next; empty when "
                                      "there is nothing to ask")},
                        {"url", text("A link given in the prompt for it; empty otherwise, never "
                                     "an invented one")}})}});
}

std::string chatRequestBody(const OpenAiSettings& settings, const std::string& systemPrompt,
                            const std::string& userPrompt) {
    Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    body.set("model", settings.model);
    Array::Ptr messages = new Array;
    messages->add(message("system", systemPrompt));
    messages->add(message("user", userPrompt));
    body.set("messages", messages);
    body.set("temperature", settings.temperature);
    body.set("max_tokens", settings.maxTokens);
    body.set("stream", false);
    switch (settings.responseFormat) {
        case ResponseFormat::JsonSchema: {
            Object::Ptr schema = ordered();
            schema->set("name", "lead_magnet");
            schema->set("strict", true);
            schema->set("schema", contentSchema());
            Object::Ptr format = ordered();
            format->set("type", "json_schema");
            format->set("json_schema", schema);
            body.set("response_format", format);
            break;
        }
        case ResponseFormat::JsonObject: {
            Object::Ptr format = ordered();
            format->set("type", "json_object");
            body.set("response_format", format);
            break;
        }
        case ResponseFormat::None:
            break;
    }
    std::ostringstream out;
    body.stringify(out);
    return out.str();
}

}  // namespace lodestone::content_openai
