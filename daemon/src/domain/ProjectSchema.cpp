#include "domain/ProjectSchema.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <set>
#include <sstream>

namespace lodestone::domain {

std::string_view toString(FieldType type) {
    switch (type) {
        case FieldType::String:
            return "string";
        case FieldType::Email:
            return "email";
        case FieldType::Url:
            return "url";
        case FieldType::Domain:
            return "domain";
        case FieldType::Json:
            return "json";
    }
    return "string";
}

std::optional<FieldType> fieldTypeFromString(std::string_view text) {
    if (text == "string") return FieldType::String;
    if (text == "email") return FieldType::Email;
    if (text == "url") return FieldType::Url;
    if (text == "domain") return FieldType::Domain;
    if (text == "json") return FieldType::Json;
    return std::nullopt;
}

ProjectSchema::ProjectSchema(std::vector<FieldSpec> fields) : fields_(std::move(fields)) {
    std::set<std::string> seen;
    for (const auto& field : fields_) {
        if (field.name.empty()) throw InvalidSchema("a field has an empty name");
        if (!seen.insert(field.name).second) {
            throw InvalidSchema("field '" + field.name + "' is declared twice");
        }
        if (field.name == "email") {
            if (field.type != FieldType::Email) {
                throw InvalidSchema("field 'email' must have type 'email'");
            }
            if (!field.required) {
                throw InvalidSchema("field 'email' is always required; remove 'required: false'");
            }
        }
    }
    if (!seen.contains("email")) {
        fields_.insert(fields_.begin(),
                       FieldSpec{"email", FieldType::Email, true, "Email", "Lead's email address"});
    }
}

ProjectSchema ProjectSchema::defaults() {
    return ProjectSchema({
        {"email", FieldType::Email, true, "Email", "Lead's email address"},
        {"fullName", FieldType::String, false, "Full name", "Prospect's full name"},
        {"company", FieldType::String, false, "Company", "Company name"},
        {"domain", FieldType::Domain, false, "Domain", "Company domain"},
        {"industry", FieldType::String, false, "Industry", "Industry or sector"},
        {"companySize", FieldType::String, false, "Company size", "Size band of the company"},
        {"title", FieldType::String, false, "Job title", "Job title"},
        {"phone", FieldType::String, false, "Phone", "Phone number"},
        {"customFields", FieldType::Json, false, "Custom fields", "Additional custom data"},
    });
}

const FieldSpec* ProjectSchema::find(std::string_view name) const {
    for (const auto& field : fields_) {
        if (field.name == name) return &field;
    }
    return nullptr;
}

std::string ProjectSchema::toJson() const {
    Poco::JSON::Array array;
    for (const auto& field : fields_) {
        Poco::JSON::Object object;
        object.set("name", field.name);
        object.set("type", std::string(toString(field.type)));
        object.set("required", field.required);
        object.set("label", field.label);
        object.set("description", field.description);
        array.add(object);
    }
    Poco::JSON::Object root;
    root.set("fields", array);
    std::ostringstream out;
    root.stringify(out);
    return out.str();
}

ProjectSchema ProjectSchema::fromJson(const std::string& json) {
    auto root = Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
    auto array = root->getArray("fields");
    if (!array) throw InvalidSchema("stored schema has no 'fields' array");
    std::vector<FieldSpec> fields;
    for (std::size_t i = 0; i < array->size(); ++i) {
        auto object = array->getObject(static_cast<unsigned>(i));
        FieldSpec field;
        field.name = object->getValue<std::string>("name");
        auto type = fieldTypeFromString(object->getValue<std::string>("type"));
        if (!type) throw InvalidSchema("stored schema has an unknown field type");
        field.type = *type;
        field.required = object->getValue<bool>("required");
        field.label = object->optValue<std::string>("label", "");
        field.description = object->optValue<std::string>("description", "");
        fields.push_back(std::move(field));
    }
    return ProjectSchema(std::move(fields));
}

}  // namespace lodestone::domain
