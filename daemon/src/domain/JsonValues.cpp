#include "domain/JsonValues.hpp"

#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

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

}  // namespace lodestone::domain
