#include "domain/JsonValues.hpp"

#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include <stdexcept>

namespace lodestone::domain {

Poco::JSON::Object::Ptr orderedObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::optional<Poco::Dynamic::Var> parseOrdered(const std::string& json) {
    try {
        return Poco::JSON::Parser(new Poco::JSON::ParseHandler(true)).parse(json);
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

Poco::JSON::Object::Ptr parseObject(const std::string& json, const std::string& what) {
    auto parsed = parseOrdered(json);
    if (parsed && parsed->type() == typeid(Poco::JSON::Object::Ptr)) {
        return parsed->extract<Poco::JSON::Object::Ptr>();
    }
    throw std::runtime_error(what + " is not a JSON object");
}

}  // namespace lodestone::domain
