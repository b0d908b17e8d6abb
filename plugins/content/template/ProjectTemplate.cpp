// Reading settings.content.template: every problem is an InputError naming the field, because
// the template comes with the job's project and a bad one cannot succeed on retry.
#include <Poco/JSON/Array.h>

#include <algorithm>
#include <lodestone/plugin.hpp>
#include <set>

#include "ContentTemplate.hpp"
#include "Mustache.hpp"

namespace lodestone::content_template {
namespace {

const std::string kRoot = "settings.content.template";

bool isObject(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}

bool isArray(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Array::Ptr);
}

void refuseUnknownKeys(const Poco::JSON::Object::Ptr& object, const std::string& field,
                       const std::set<std::string>& known) {
    for (const auto& name : object->getNames()) {
        if (known.contains(name)) continue;
        std::string valid;
        for (const auto& key : known) valid += (valid.empty() ? "" : ", ") + key;
        throw InputError(field + "." + name + ": unknown key (valid keys: " + valid + ")");
    }
}

TemplateText text(const Poco::JSON::Object::Ptr& object, const char* key,
                  const std::string& parent) {
    const std::string field = parent + "." + key;
    const auto value = object->get(key);
    if (!value.isString()) throw InputError(field + ": expected a string (a Mustache template)");
    TemplateText result{value.extract<std::string>(), field};
    checkSyntax(result);
    return result;
}

Condition condition(const Poco::Dynamic::Var& value, const std::string& field) {
    if (!isObject(value)) throw InputError(field + ": expected an object");
    const auto object = value.extract<Poco::JSON::Object::Ptr>();
    refuseUnknownKeys(object, field, {std::begin(kFacets), std::end(kFacets)});
    Condition result;
    for (const char* facet : kFacets) {
        if (!object->has(facet)) continue;
        const std::string facetField = field + "." + facet;
        const auto entry = object->get(facet);
        std::vector<std::string> values;
        if (entry.isString()) {
            values.push_back(entry.extract<std::string>());
        } else if (isArray(entry)) {
            const auto list = entry.extract<Poco::JSON::Array::Ptr>();
            for (std::size_t i = 0; i < list->size(); ++i) {
                const auto item = list->get(static_cast<unsigned>(i));
                if (!item.isString()) {
                    throw InputError(facetField + "[" + std::to_string(i) + "]: expected a string");
                }
                values.push_back(item.extract<std::string>());
            }
        } else {
            throw InputError(facetField + ": expected a string or a list of strings");
        }
        result.facets.emplace_back(facet, std::move(values));
    }
    return result;
}

std::vector<TemplateSection> sections(const Poco::Dynamic::Var& value) {
    const std::string field = kRoot + ".sections";
    if (!isArray(value)) throw InputError(field + ": expected a list of sections");
    const auto list = value.extract<Poco::JSON::Array::Ptr>();
    std::vector<TemplateSection> result;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string itemField = field + "[" + std::to_string(i) + "]";
        const auto item = list->get(static_cast<unsigned>(i));
        if (!isObject(item)) throw InputError(itemField + ": expected an object");
        const auto object = item.extract<Poco::JSON::Object::Ptr>();
        refuseUnknownKeys(object, itemField, {"heading", "body", "when"});
        if (!object->has("body")) throw InputError(itemField + ".body: missing");
        TemplateSection section;
        section.heading = object->has("heading") ? text(object, "heading", itemField)
                                                 : TemplateText{"", itemField + ".heading"};
        section.body = text(object, "body", itemField);
        if (object->has("when") && !object->get("when").isEmpty()) {
            section.when = condition(object->get("when"), itemField + ".when");
        }
        result.push_back(std::move(section));
    }
    return result;
}

std::optional<CallToAction> callToAction(const Poco::Dynamic::Var& value) {
    const std::string field = kRoot + ".callToAction";
    if (value.isEmpty()) return std::nullopt;  // null: no call to action at all
    if (!isObject(value)) throw InputError(field + ": expected an object or null");
    const auto object = value.extract<Poco::JSON::Object::Ptr>();
    refuseUnknownKeys(object, field, {"text", "url"});
    if (!object->has("text")) throw InputError(field + ".text: missing");
    CallToAction result;
    result.text = text(object, "text", field);
    result.url = object->has("url") ? text(object, "url", field) : TemplateText{"", field + ".url"};
    return result;
}

}  // namespace

ContentTemplate parseProjectTemplate(const Poco::Dynamic::Var& value) {
    if (!isObject(value)) throw InputError(kRoot + ": expected an object");
    const auto object = value.extract<Poco::JSON::Object::Ptr>();
    refuseUnknownKeys(object, kRoot, {"title", "subtitle", "sections", "callToAction"});
    ContentTemplate result;
    if (object->has("title")) result.title = text(object, "title", kRoot);
    if (object->has("subtitle")) result.subtitle = text(object, "subtitle", kRoot);
    if (object->has("sections")) result.sections = sections(object->get("sections"));
    if (object->has("callToAction"))
        result.callToAction.emplace(callToAction(object->get("callToAction")));
    return result;
}

}  // namespace lodestone::content_template
