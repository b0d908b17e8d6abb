#include "outreach/addlead/ObjectWalk.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/String.h>

#include <sstream>

#include "domain/Text.hpp"

namespace lodestone::outreach {
namespace {

bool isText(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(std::string);
}

bool isObject(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr) &&
           !value.extract<Poco::JSON::Object::Ptr>().isNull();
}

}  // namespace

void LeadProblems::missing(std::string path) {
    missing_.push_back(std::move(path));
}

void LeadProblems::invalid(std::string path, std::string why) {
    why_.emplace(path, std::move(why));
    invalid_.push_back(std::move(path));
}

CampaignLeadError LeadProblems::error() const {
    std::vector<std::string> parts;
    if (!missing_.empty()) parts.push_back("missing " + domain::joined(missing_));
    if (!invalid_.empty()) {
        std::vector<std::string> described;
        for (const auto& path : invalid_) described.push_back(path + " (" + why_.at(path) + ")");
        parts.push_back("invalid " + domain::joined(described));
    }
    return CampaignLeadError("Invalid lead: " + domain::joined(parts, "; "), missing_, invalid_,
                             why_);
}

ObjectWalk::ObjectWalk(const Poco::JSON::Object& source, std::string path, LeadProblems& problems)
    : source_(&source), path_(std::move(path)), problems_(problems) {}

ObjectWalk::ObjectWalk(Poco::JSON::Object::Ptr owned, std::string path, LeadProblems& problems)
    : owned_(std::move(owned)),
      source_(owned_.get()),
      path_(std::move(path)),
      problems_(problems) {}

std::string ObjectWalk::pathOf(const std::string& key) const {
    return path_.empty() ? key : path_ + "." + key;
}

std::optional<Poco::Dynamic::Var> ObjectWalk::present(const std::string& key) const {
    asked_.insert(key);
    if (!source_->has(key)) return std::nullopt;
    const Poco::Dynamic::Var& value = source_->get(key);
    if (value.isEmpty()) return std::nullopt;
    return std::optional<Poco::Dynamic::Var>(std::in_place, value);
}

std::optional<std::string> ObjectWalk::required(const std::string& key, const TextRule& rule,
                                                Whitespace whitespace) {
    auto value = present(key);
    if (!value) {
        problems_.missing(pathOf(key));
        return std::nullopt;
    }
    if (!isText(*value)) {
        problems_.invalid(pathOf(key), kMustBeString);
        return std::nullopt;
    }
    const std::string& given = value->extract<std::string>();
    if (isBlank(given)) {
        problems_.missing(pathOf(key));
        return std::nullopt;
    }
    std::string text = whitespace == Whitespace::Trim ? Poco::trim(given) : given;
    if (auto why = rule(text)) {
        problems_.invalid(pathOf(key), *why);
        return std::nullopt;
    }
    keep(key, text);
    return text;
}

std::optional<std::string> ObjectWalk::text(const std::string& key, const TextRule& rule) {
    auto value = present(key);
    if (!value) return std::nullopt;
    if (!isText(*value)) {
        problems_.invalid(pathOf(key), kMustBeString);
        return std::nullopt;
    }
    const auto& given = value->extract<std::string>();
    if (isBlank(given)) return std::nullopt;
    if (auto why = rule(given)) {
        problems_.invalid(pathOf(key), *why);
        return std::nullopt;
    }
    keep(key, *value);
    return given;
}

void ObjectWalk::value(const std::string& key, const ValueRule& rule) {
    auto value = present(key);
    if (!value) return;
    if (auto why = rule(*value)) {
        problems_.invalid(pathOf(key), *why);
        return;
    }
    keep(key, *value);
}

void ObjectWalk::stringArray(const std::string& key, std::size_t maxItemChars) {
    auto value = present(key);
    if (!value) return;
    if (value->type() != typeid(Poco::JSON::Array::Ptr) ||
        value->extract<Poco::JSON::Array::Ptr>().isNull()) {
        problems_.invalid(pathOf(key), "must be an array of strings");
        return;
    }
    const auto& array = *value->extract<Poco::JSON::Array::Ptr>();
    if (array.size() > kMaxArrayItems) {
        problems_.invalid(pathOf(key),
                          "must have at most " + std::to_string(kMaxArrayItems) + " items");
        return;
    }
    bool allGood = true;
    for (std::size_t i = 0; i < array.size(); ++i) {
        std::string itemPath = pathOf(key) + "[" + std::to_string(i) + "]";
        const Poco::Dynamic::Var& item = array.get(static_cast<unsigned int>(i));
        if (!isText(item)) {
            problems_.invalid(itemPath, kMustBeString);
            allGood = false;
        } else if (characterCount(item.extract<std::string>()) > maxItemChars) {
            problems_.invalid(itemPath, tooLongReason(maxItemChars));
            allGood = false;
        }
    }
    if (allGood) keep(key, *value);
}

void ObjectWalk::freeform(const std::string& key) {
    auto value = present(key);
    if (!value) return;
    if (!isObject(*value)) {
        problems_.invalid(pathOf(key), kMustBeObject);
        return;
    }
    std::ostringstream json;
    value->extract<Poco::JSON::Object::Ptr>()->stringify(json);
    if (json.str().size() > kMaxFreeformBytes) {
        problems_.invalid(
            pathOf(key), "must be at most " + std::to_string(kMaxFreeformBytes) + " bytes as JSON");
        return;
    }
    keep(key, *value);
}

std::optional<ObjectWalk> ObjectWalk::child(const std::string& key) const {
    auto value = present(key);
    if (!value) return std::nullopt;
    if (!isObject(*value)) {
        problems_.invalid(pathOf(key), kMustBeObject);
        return std::nullopt;
    }
    return ObjectWalk(value->extract<Poco::JSON::Object::Ptr>(), pathOf(key), problems_);
}

void ObjectWalk::keep(const std::string& key, Poco::Dynamic::Var value) {
    kept_[key] = std::move(value);
}

Poco::JSON::Object::Ptr ObjectWalk::stored() const {
    Poco::JSON::Object::Ptr out = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& name : source_->getNames()) {
        auto kept = kept_.find(name);
        if (kept != kept_.end()) {
            out->set(name, kept->second);
        } else if (!asked_.contains(name)) {
            problems_.ignored(pathOf(name));
        }
    }
    return out;
}

}  // namespace lodestone::outreach
