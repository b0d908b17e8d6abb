#include "TemplateData.hpp"

#include <Poco/JSON/Array.h>

#include "Names.hpp"
#include "text/Text.hpp"

namespace lodestone::content_template {
namespace {

// Deeper custom data than this is not something a template can use; it is left out rather
// than recursed into.
constexpr int kMaxDepth = 16;

std::string trimmed(const std::string& text) {
    const auto begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

Poco::JSON::Object::Ptr objectAt(const Poco::JSON::Object::Ptr& parent, const char* key) {
    if (!parent || !parent->has(key)) return nullptr;
    const auto value = parent->get(key);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return value.extract<Poco::JSON::Object::Ptr>();
}

std::optional<std::string> textAt(const Poco::JSON::Object::Ptr& object, const char* key) {
    if (!object || !object->has(key) || !object->get(key).isString()) return std::nullopt;
    std::string text = trimmed(object->get(key).extract<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

// JSON as Mustache data: numbers become text, nulls and blank strings are left out, so a
// section tag on them reads as "absent".
std::optional<MustacheData> toData(const Poco::Dynamic::Var& value, int depth) {
    if (value.isEmpty() || depth > kMaxDepth) return std::nullopt;
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        MustacheData object{MustacheData::type::object};
        const auto source = value.extract<Poco::JSON::Object::Ptr>();
        for (const auto& name : source->getNames()) {
            if (auto item = toData(source->get(name), depth + 1)) object.set(name, *item);
        }
        return object;
    }
    if (value.type() == typeid(Poco::JSON::Array::Ptr)) {
        MustacheData list{MustacheData::type::list};
        const auto source = value.extract<Poco::JSON::Array::Ptr>();
        for (std::size_t i = 0; i < source->size(); ++i) {
            if (auto item = toData(source->get(static_cast<unsigned>(i)), depth + 1)) {
                list.push_back(*item);
            }
        }
        return list;
    }
    if (value.isBoolean()) return MustacheData(value.extract<bool>());
    std::string text = value.convert<std::string>();
    if (trimmed(text).empty()) return std::nullopt;
    return MustacheData(text);
}

MustacheData objectData(const Poco::JSON::Object::Ptr& object) {
    if (!object) return MustacheData{MustacheData::type::object};
    return toData(Poco::Dynamic::Var(object), 0).value_or(MustacheData{MustacheData::type::object});
}

std::string sizeWord(const std::string& category) {
    if (category == "mid_market") return "mid-market";
    return category;
}

std::string teamWord(const std::string& department) {
    if (department == "it") return "IT";
    if (department == "customer_success") return "customer success";
    if (department == "executive") return "leadership";
    return department;
}

MustacheData displayData(const Poco::JSON::Object::Ptr& person,
                         const Poco::JSON::Object::Ptr& company) {
    MustacheData display;
    const auto firstName = textAt(person, "firstName");
    const auto fullName = textAt(person, "fullName");
    const auto companyName = textAt(company, "name");
    const auto industry = textAt(company, "industry");
    const auto category = textAt(company, "sizeCategory");
    const auto department = textAt(person, "department");

    display.set("firstName", firstName.value_or("there"));
    // The given name only where the name order is known to be given name first (Names.hpp).
    const auto email = textAt(person, "email").value_or("");
    const ReaderName reader = readerName(fullName.value_or(""), firstName.value_or(""), "",
                                         email.substr(email.find('@') + 1));
    display.set("greeting", reader.greeting.empty() ? "there" : reader.greeting);
    display.set("name", fullName ? *fullName : firstName.value_or("you"));
    display.set("company", companyName.value_or("your company"));
    // "Analytical Engines'" rather than "Analytical Engines's".
    display.set("companyPossessive", companyName
                                         ? *companyName + (companyName->back() == 's' ? "'" : "'s")
                                         : "your company's");
    if (industry) display.set("industry", plugin_text::lowerAscii(*industry));
    if (category) display.set("size", sizeWord(*category));

    std::string profile;
    if (category) profile += sizeWord(*category) + " ";
    if (industry) profile += plugin_text::lowerAscii(*industry) + " ";
    if (profile.empty()) {
        display.set("profile", "a business like yours");
    } else {
        const bool vowel = std::string("aeiou").find(profile[0]) != std::string::npos;
        display.set("profile", (vowel ? "an " : "a ") + profile + "business");
    }
    display.set("team", department ? "your " + teamWord(*department) + " team" : "your team");
    return display;
}

}  // namespace

Facets facetsOf(const Poco::JSON::Object::Ptr& research) {
    Facets facets;
    const auto person = objectAt(research, "person");
    const auto company = objectAt(research, "company");
    if (auto value = textAt(company, "industry")) facets["industry"] = *value;
    if (auto value = textAt(company, "sizeCategory")) facets["sizeCategory"] = *value;
    if (auto value = textAt(person, "seniority")) facets["seniority"] = *value;
    if (auto value = textAt(person, "department")) facets["department"] = *value;
    return facets;
}

bool matches(const Condition& condition, const Facets& facets) {
    for (const auto& [facet, values] : condition.facets) {
        const auto found = facets.find(facet);
        const std::string actual =
            found == facets.end() ? "unknown" : plugin_text::lowerAscii(found->second);
        bool any = false;
        for (const auto& value : values)
            any = any || plugin_text::lowerAscii(trimmed(value)) == actual;
        if (!any) return false;
    }
    return true;
}

MustacheData templateData(const Poco::JSON::Object::Ptr& research,
                          const Poco::JSON::Object::Ptr& project) {
    const auto person = objectAt(research, "person");
    const auto company = objectAt(research, "company");
    MustacheData data;
    data.set("person", objectData(person));
    data.set("company", objectData(company));
    data.set("custom", objectData(objectAt(research, "custom")));
    auto facts = research->has("facts") ? toData(research->get("facts"), 0) : std::nullopt;
    data.set("facts", facts ? *facts : MustacheData{MustacheData::type::list});
    MustacheData projectData;
    if (auto id = textAt(project, "id")) projectData.set("id", *id);
    if (auto name = textAt(project, "name")) projectData.set("name", *name);
    data.set("project", projectData);
    data.set("display", displayData(person, company));
    return data;
}

}  // namespace lodestone::content_template
