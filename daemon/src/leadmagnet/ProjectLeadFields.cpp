#include "leadmagnet/ProjectLeadFields.hpp"

#include <Poco/String.h>

#include <sstream>

#include "domain/ClientJson.hpp"
#include "domain/Email.hpp"
#include "domain/HostNames.hpp"
#include "domain/Urls.hpp"

namespace lodestone::leadmagnet {
namespace {

using domain::FieldType;

enum class Verdict { Accepted, Absent, Invalid };

std::size_t serialisedSize(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str().size();
}

// Text is trimmed; an email address, a URL and a domain must each be one token and are checked
// as sent, so that "ada@acme.io\n" is refused rather than quietly made into something nobody
// sent. Blank text is absent either way.
Verdict checkText(FieldType type, const Poco::Dynamic::Var& value, Poco::Dynamic::Var& accepted) {
    if (!value.isString()) return Verdict::Invalid;
    const std::string& given = value.extract<std::string>();
    std::string text = Poco::trim(given);
    if (text.empty()) return Verdict::Absent;
    switch (type) {
        case FieldType::Email:
            if (!domain::isValidEmail(given)) return Verdict::Invalid;
            accepted = given;
            return Verdict::Accepted;
        case FieldType::Url:
            if (given.size() > kMaxUrlField || !domain::isHttpUrl(given)) return Verdict::Invalid;
            accepted = given;
            return Verdict::Accepted;
        case FieldType::Domain:
            if (!domain::isHostName(given)) return Verdict::Invalid;
            accepted = domain::lowercaseHostName(given);
            return Verdict::Accepted;
        case FieldType::String:
        case FieldType::Json:
            break;
    }
    if (text.size() > kMaxStringField) return Verdict::Invalid;
    accepted = text;
    return Verdict::Accepted;
}

// The spec's request example sends customFields as an object, its field table as "string
// (JSON)": both are accepted, and stored as the object.
Verdict checkJson(const Poco::Dynamic::Var& value, Poco::Dynamic::Var& accepted) {
    Poco::JSON::Object::Ptr object;
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        object = value.extract<Poco::JSON::Object::Ptr>();
    } else if (value.isString()) {
        std::string text = Poco::trim(value.extract<std::string>());
        if (text.empty()) return Verdict::Absent;
        try {
            // JSON inside the body follows the body's rules: key order kept, no duplicate keys,
            // no control characters, the same bounds.
            auto parsed = domain::parseClientJson(text, "the JSON text of a field");
            if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) return Verdict::Invalid;
            object = parsed.extract<Poco::JSON::Object::Ptr>();
        } catch (const domain::ClientJsonError&) {
            return Verdict::Invalid;
        }
    } else {
        return Verdict::Invalid;
    }
    if (object->size() == 0) return Verdict::Absent;
    if (serialisedSize(object) > kMaxJsonField) return Verdict::Invalid;
    accepted = object;
    return Verdict::Accepted;
}

}  // namespace

ProjectLeadFields checkProjectLeadFields(const domain::ProjectSchema& schema,
                                         const Poco::JSON::Object& body) {
    ProjectLeadFields input;
    for (const auto& field : schema.fields()) {
        Poco::Dynamic::Var value =
            body.has(field.name) ? body.get(field.name) : Poco::Dynamic::Var();
        Poco::Dynamic::Var accepted;
        Verdict verdict = Verdict::Absent;
        if (!value.isEmpty()) {
            verdict = field.type == FieldType::Json ? checkJson(value, accepted)
                                                    : checkText(field.type, value, accepted);
        }
        switch (verdict) {
            case Verdict::Accepted:
                input.fields->set(field.name, accepted);
                break;
            case Verdict::Invalid:
                input.invalidFields.push_back(field.name);
                break;
            case Verdict::Absent:
                if (field.required) input.missingFields.push_back(field.name);
                break;
        }
    }
    return input;
}

}  // namespace lodestone::leadmagnet
