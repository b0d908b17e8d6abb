#include "ResearchProfile.hpp"

#include <Poco/JSON/Array.h>

#include <vector>

namespace lodestone::research_basic {
namespace {

using Poco::JSON::Object;

Object::Ptr newObject() {
    return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::vector<std::string> partsOf(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (auto dot = path.find('.'); dot != std::string::npos; dot = path.find('.', start)) {
        parts.push_back(path.substr(start, dot - start));
        start = dot + 1;
    }
    parts.push_back(path.substr(start));
    return parts;
}

bool isObject(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Object::Ptr);
}

// A list of text, blanks dropped; nothing when the value is not one.
Poco::JSON::Array::Ptr textList(const Poco::Dynamic::Var& value) {
    if (value.type() != typeid(Poco::JSON::Array::Ptr)) return nullptr;
    const auto array = value.extract<Poco::JSON::Array::Ptr>();
    Poco::JSON::Array::Ptr texts = new Poco::JSON::Array();
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto item = array->get(static_cast<unsigned>(i));
        if (item.isString() && !item.extract<std::string>().empty()) texts->add(item);
    }
    return texts;
}

}  // namespace

ResearchProfile::ResearchProfile() : profile_(newObject()), evidence_(newObject()) {}

void ResearchProfile::set(const std::string& path, const Poco::Dynamic::Var& value,
                          Evidence evidence, const std::string& source) {
    if (has(path)) return;
    const auto parts = partsOf(path);
    Object::Ptr object = profile_;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        if (!object->has(parts[i]) || !isObject(object->get(parts[i]))) {
            object->set(parts[i], newObject());
        }
        object = object->getObject(parts[i]);
    }
    object->set(parts.back(), value);
    auto entry = newObject();
    entry->set("evidence", std::string(evidenceName(evidence)));
    entry->set("source", source);
    evidence_->set(path, entry);
}

bool ResearchProfile::has(const std::string& path) const {
    return evidence_->has(path);
}

void ResearchProfile::copyClientObject(const std::string& path, const Object& object) {
    for (const auto& key : object.getNames()) {
        const auto value = object.get(key);
        const std::string at = path + "." + key;
        if (isObject(value)) {
            copyClientObject(at, *value.extract<Object::Ptr>());
        } else if (auto texts = textList(value)) {
            set(at, texts, Evidence::Client, at);
        } else if (value.isString() ? !value.extract<std::string>().empty()
                                    : value.isNumeric() || value.isBoolean()) {
            set(at, value, Evidence::Client, at);
        }
    }
}

}  // namespace lodestone::research_basic
