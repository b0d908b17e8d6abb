#include "research/ResearchMerge.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "domain/JsonValues.hpp"

namespace lodestone::research {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

// What the contract requires of each top-level key an output has; person and company are always
// there (docs/plugins.md, "Research").
const std::vector<std::string> kObjectKeys{"person", "company", "custom", "profile", "evidence"};
const std::vector<std::string> kListKeys{"facts", "sources", "findings", "warnings"};

// When a profile value is replaced by a stronger one, the older top-level key that says the same
// thing follows it, so that readers of either agree.
const std::map<std::string, std::pair<std::string, std::string>> kLegacyOfProfile{
    {"company.industry", {"company", "industry"}},
    {"company.employeeRange", {"company", "sizeBand"}},
    {"contact.seniority", {"person", "seniority"}},
    {"contact.department", {"person", "department"}}};

Object::Ptr objectAt(const Object::Ptr& object, const std::string& key) {
    return object && object->has(key) && object->isObject(key) ? object->getObject(key) : nullptr;
}

Array::Ptr arrayAt(const Object::Ptr& object, const std::string& key) {
    return object && object->has(key) && object->isArray(key) ? object->getArray(key) : nullptr;
}

// Research says "unknown" (a seniority without a title) where it found nothing.
bool isUnknown(const Var& value) {
    if (value.isEmpty()) return true;
    if (!value.isString()) return false;
    const auto text = value.toString();
    return text.empty() || text == "unknown";
}

bool isObjectKey(const std::string& key) {
    return std::find(kObjectKeys.begin(), kObjectKeys.end(), key) != kObjectKeys.end();
}

// Why `output` is not research's JSON, if it is not.
std::optional<std::string> shapeProblem(const std::string& output, Object::Ptr& parsed) {
    auto value = domain::parseOrdered(output);
    if (!value || value->type() != typeid(Object::Ptr)) return "it is not a JSON object";
    parsed = value->extract<Object::Ptr>();
    for (const auto& key : {"person", "company"}) {
        if (!objectAt(parsed, key)) return std::string("it has no `") + key + "` object";
    }
    for (const auto& key : kObjectKeys) {
        if (parsed->has(key) && !objectAt(parsed, key)) return "its `" + key + "` is not an object";
    }
    for (const auto& key : kListKeys) {
        if (parsed->has(key) && !arrayAt(parsed, key)) return "its `" + key + "` is not a list";
    }
    return std::nullopt;
}

// Every value of a profile that is not itself an object, by its path ("company.industry").
void leaves(const Object::Ptr& object, const std::string& prefix,
            std::vector<std::pair<std::string, Var>>& out) {
    for (const auto& name : object->getNames()) {
        const std::string path = prefix.empty() ? name : prefix + "." + name;
        if (auto child = objectAt(object, name)) {
            leaves(child, path, out);
        } else {
            out.emplace_back(path, object->get(name));
        }
    }
}

std::vector<std::string> segments(const std::string& path) {
    std::vector<std::string> parts;
    std::stringstream stream(path);
    for (std::string part; std::getline(stream, part, '.');) parts.push_back(part);
    return parts;
}

std::optional<Var> valueAt(const Object::Ptr& root, const std::string& path) {
    auto parts = segments(path);
    Object::Ptr object = root;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        object = objectAt(object, parts[i]);
        if (!object) return std::nullopt;
    }
    if (!object->has(parts.back())) return std::nullopt;
    return object->get(parts.back());
}

// False when an earlier output holds a plain value where this path needs an object.
bool setValueAt(const Object::Ptr& root, const std::string& path, const Var& value) {
    auto parts = segments(path);
    Object::Ptr object = root;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        if (!object->has(parts[i])) object->set(parts[i], domain::orderedObject());
        object = objectAt(object, parts[i]);
        if (!object) return false;
    }
    object->set(parts.back(), value);
    return true;
}

// The evidence entry of a profile value: its own, else one given for an object holding it.
Object::Ptr evidenceFor(const Object::Ptr& evidence, std::string path) {
    while (evidence) {
        if (auto entry = objectAt(evidence, path)) return entry;
        auto dot = path.rfind('.');
        if (dot == std::string::npos) break;
        path.erase(dot);
    }
    return nullptr;
}

// client > research > inferred; a value without an entry (or with a word research does not
// use) counts as research, as docs/plugins.md says.
int strength(const Object::Ptr& entry) {
    const std::string word =
        entry && entry->has("evidence") ? entry->get("evidence").toString() : "research";
    if (word == "client") return 3;
    if (word == "inferred") return 1;
    return 2;
}

class Merged {
  public:
    void add(const std::string& instance, const Object::Ptr& output) {
        fillKeys("person", output);
        fillKeys("company", output);
        fillKeys("custom", output);
        mergeProfile(output);
        for (const auto& name : output->getNames()) {
            if (name == "findings") {
                hasFindings_ = true;
                addFindings(arrayAt(output, name));
            } else if (name == "facts") {
                for (const auto& fact : *arrayAt(output, name)) plainFacts_.push_back(fact);
            } else if (name == "sources") {
                for (const auto& source : *arrayAt(output, name)) addOnce(sources_, source);
            } else if (name == "warnings") {
                for (const auto& warning : *arrayAt(output, name)) {
                    warnings_.push_back(instance + ": " + warning.toString());
                }
            } else if (!isObjectKey(name) && !others_->has(name)) {
                others_->set(name, output->get(name));  // a key of the plugin's own: the first's
            }
        }
    }

    void warn(std::string warning) { warnings_.push_back(std::move(warning)); }

    std::string json() const {
        auto out = domain::orderedObject();
        for (const auto& key : {"person", "company", "custom"}) out->set(key, object(key));
        Array::Ptr facts = new Array();
        std::set<std::string> seen;
        for (const auto& finding : *findings_) {
            auto text = finding.extract<Object::Ptr>()->get("text").toString();
            if (seen.insert(text).second) facts->add(text);
        }
        for (const auto& fact : plainFacts_) {
            if (seen.insert(fact.toString()).second) facts->add(fact);
        }
        out->set("facts", facts);
        out->set("sources", sources_);
        if (hasProfile_) {
            out->set("profile", object("profile"));
            out->set("evidence", object("evidence"));
        }
        if (hasFindings_) out->set("findings", findings_);
        Array::Ptr warnings = new Array();
        for (const auto& warning : warnings_) warnings->add(warning);
        if (!warnings_.empty()) out->set("warnings", warnings);
        for (const auto& name : others_->getNames()) out->set(name, others_->get(name));
        std::ostringstream text;
        out->stringify(text);
        return text.str();
    }

  private:
    Object::Ptr object(const std::string& key) const {
        auto it = objects_.find(key);
        return it == objects_.end() ? domain::orderedObject() : it->second;
    }

    Object::Ptr& target(const std::string& key) {
        auto& slot = objects_[key];
        if (!slot) slot = domain::orderedObject();
        return slot;
    }

    // Each key an earlier output left out (or said "unknown" for), from this one.
    void fillKeys(const std::string& key, const Object::Ptr& output) {
        auto from = objectAt(output, key);
        if (!from) return;
        auto& into = target(key);
        for (const auto& name : from->getNames()) {
            if (!into->has(name) || (isUnknown(into->get(name)) && !isUnknown(from->get(name)))) {
                into->set(name, from->get(name));
            }
        }
    }

    void mergeProfile(const Object::Ptr& output) {
        auto profile = objectAt(output, "profile");
        if (!profile) return;
        hasProfile_ = true;
        auto evidence = objectAt(output, "evidence");
        auto& merged = target("profile");
        auto& mergedEvidence = target("evidence");
        std::vector<std::pair<std::string, Var>> values;
        leaves(profile, "", values);
        for (const auto& [path, value] : values) {
            auto entry = evidenceFor(evidence, path);
            auto held = valueAt(merged, path);
            const bool fills = !held || isUnknown(*held);
            if (!fills && strength(entry) <= strength(evidenceFor(mergedEvidence, path))) continue;
            if (isUnknown(value) && held) continue;
            if (!setValueAt(merged, path, value)) continue;
            // The value keeps its own entry; one without an entry counts as research, so an
            // earlier entry must not stay to speak for it.
            if (entry) {
                mergedEvidence->set(path, entry);
            } else {
                mergedEvidence->remove(path);
            }
            if (!fills) alignLegacy(path, value, output);
        }
    }

    // A profile value replaced by a stronger one: the older key that says the same follows it.
    void alignLegacy(const std::string& path, const Var& value, const Object::Ptr& output) {
        auto legacy = kLegacyOfProfile.find(path);
        if (legacy == kLegacyOfProfile.end()) return;
        const auto& [section, key] = legacy->second;
        auto from = objectAt(output, section);
        auto& into = target(section);
        into->set(key, from && from->has(key) ? from->get(key) : value);
        if (key == "sizeBand") {
            if (from && from->has("sizeCategory")) {
                into->set("sizeCategory", from->get("sizeCategory"));
            } else {
                into->remove("sizeCategory");  // it described the replaced band
            }
        }
    }

    void addFindings(const Array::Ptr& findings) {
        for (const auto& finding : *findings) {
            if (finding.type() != typeid(Object::Ptr)) continue;
            auto text = finding.extract<Object::Ptr>();
            if (!text->has("text")) continue;
            if (findingTexts_.insert(text->get("text").toString()).second) findings_->add(finding);
        }
    }

    static void addOnce(Array::Ptr list, const Var& value) {
        for (const auto& held : *list) {
            if (held.toString() == value.toString()) return;
        }
        list->add(value);
    }

    std::map<std::string, Object::Ptr> objects_;  // person, company, custom, profile, evidence
    Array::Ptr findings_ = new Array();
    std::set<std::string> findingTexts_;
    std::vector<Var> plainFacts_;
    Array::Ptr sources_ = new Array();
    std::vector<std::string> warnings_;
    Object::Ptr others_ = domain::orderedObject();
    bool hasProfile_ = false;
    bool hasFindings_ = false;
};

}  // namespace

std::string mergeResearch(const std::vector<ResearchAttempt>& attempts) {
    Merged merged;
    std::string failures;
    bool anyUsable = false;
    bool allRejectedInput = true;
    for (const auto& attempt : attempts) {
        std::string problem;
        Object::Ptr output;
        if (!attempt.output) {
            problem = attempt.error;
        } else if (auto shape = shapeProblem(*attempt.output, output)) {
            problem = "its output is not research's JSON (" + *shape + "); it was left out";
        } else {
            merged.add(attempt.instance, output);
            anyUsable = true;
            continue;
        }
        if (!attempt.inputRejected || attempt.output) allRejectedInput = false;
        merged.warn(attempt.instance + " failed: " + problem);
        failures += (failures.empty() ? "" : "; ") + attempt.instance + ": " + problem;
    }
    if (!anyUsable) {
        throw ResearchFailed("every research plugin of the waterfall failed (" + failures + ")",
                             !allRejectedInput);
    }
    return merged.json();
}

}  // namespace lodestone::research
