#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

// Building the JSON views of records: the API's responses, the webhook payload, the delivery
// records. One set of helpers so every view writes keys in order and nulls the same way.
namespace lodestone::domain {

// A JSON object that keeps its keys in insertion order: views list fields in the spec's order.
Poco::JSON::Object::Ptr orderedObject();

// An empty Var is what Poco stringifies as JSON null.
template <typename T>
Poco::Dynamic::Var orNull(const std::optional<T>& value) {
    return value ? Poco::Dynamic::Var(*value) : Poco::Dynamic::Var();
}

// Stored JSON (written by this daemon or a plugin) parsed with its objects' key order kept;
// nothing when it does not parse.
std::optional<Poco::Dynamic::Var> parseOrdered(const std::string& json);

// The same for stored JSON that must be an object; throws std::runtime_error naming `what`
// ("the stored lead is not a JSON object") when it is not.
Poco::JSON::Object::Ptr parseObject(const std::string& json, const std::string& what);

}  // namespace lodestone::domain
