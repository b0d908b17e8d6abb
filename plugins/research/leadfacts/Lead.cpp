#include "Lead.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <set>

#include "Domains.hpp"
#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

const std::set<std::string> kStandardFields = {
    "email",       "fullName",           "company",     "domain",
    "industry",    "companySize",        "title",       "phone",
    "linkedInUrl", "companyLinkedInUrl", "customFields"};

// Strings and numbers (a size may come as the number 50).
bool isText(const Poco::Dynamic::Var& value) {
    return value.isString() || (value.isNumeric() && !value.isBoolean());
}

// Nothing for blanks, nulls and anything that is not text.
std::optional<std::string> textOf(const Poco::Dynamic::Var& value) {
    if (!isText(value)) return std::nullopt;
    std::string text = trim(value.convert<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

// customFields arrives as an object; older clients sent it as a JSON string.
Poco::JSON::Object::Ptr customFieldsObject(const Poco::Dynamic::Var& value) {
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        return value.extract<Poco::JSON::Object::Ptr>();
    }
    if (!value.isString()) return nullptr;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        auto parsed = parser.parse(value.extract<std::string>());
        if (parsed.type() == typeid(Poco::JSON::Object::Ptr)) {
            return parsed.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception&) {
    }
    return nullptr;
}

Poco::JSON::Object::Ptr objectAt(const Poco::JSON::Object::Ptr& input, const char* key) {
    if (!input->has(key)) return nullptr;
    const auto value = input->get(key);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return value.extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

ClientData readClientData(const Poco::JSON::Object::Ptr& input) {
    ClientData client;
    if (input->has("notes")) client.notes = textOf(input->get("notes"));
    client.extraContext = objectAt(input, "extraContext");
    client.company = objectAt(input, "company");
    client.contact = objectAt(input, "contact");
    client.skipCompanyEnrichment = input->optValue("skipCompanyEnrichment", false);
    return client;
}

Lead readLead(const Poco::JSON::Object::Ptr& input) {
    if (!input->has("lead")) throw InputError("the input has no \"lead\" object");
    const auto leadValue = input->get("lead");
    if (leadValue.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw InputError("\"lead\" is not a JSON object");
    }
    const auto lead = leadValue.extract<Poco::JSON::Object::Ptr>();
    if (!lead->has("email") || lead->get("email").isEmpty()) {
        throw InputError("lead.email is missing");
    }
    if (!lead->get("email").isString()) throw InputError("lead.email is not a string");

    Lead result;
    result.email = trim(lead->get("email").extract<std::string>());
    if (result.email.empty()) throw InputError("lead.email is empty");
    if (!emailDomain(result.email) || result.email.front() == '@') {
        throw InputError("lead.email \"" + result.email + "\" is not an email address");
    }

    const auto field = [&](const char* name) -> std::optional<std::string> {
        return lead->has(name) ? textOf(lead->get(name)) : std::nullopt;
    };
    result.fullName = field("fullName");
    result.company = field("company");
    result.domain = field("domain");
    result.industry = field("industry");
    result.companySize = field("companySize");
    result.title = field("title");
    result.phone = field("phone");
    result.linkedInUrl = field("linkedInUrl");
    result.companyLinkedInUrl = field("companyLinkedInUrl");

    result.custom = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& name : lead->getNames()) {
        const auto value = lead->get(name);
        if (value.isEmpty()) continue;
        // A standard field that is not text (an object as "title") is kept rather than lost.
        if (!kStandardFields.contains(name) || (name != "customFields" && !isText(value))) {
            result.custom->set(name, value);
        }
    }
    if (lead->has("customFields")) {
        const auto value = lead->get("customFields");
        if (auto fields = customFieldsObject(value)) {
            for (const auto& name : fields->getNames()) {
                const auto entry = fields->get(name);
                if (!entry.isEmpty() && !result.custom->has(name)) result.custom->set(name, entry);
            }
        } else if (!value.isEmpty()) {
            result.custom->set("customFields", value);
        }
    }
    return result;
}

}  // namespace lodestone::research_basic
