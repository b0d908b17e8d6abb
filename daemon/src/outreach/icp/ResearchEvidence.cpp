#include "outreach/icp/ResearchEvidence.hpp"

#include <Poco/String.h>

namespace lodestone::outreach {
namespace {

using Poco::JSON::Object;

const Object* entryAt(const Object* evidence, const std::string& path) {
    if (!evidence->has(path)) return nullptr;
    auto value = evidence->get(path);
    if (value.type() != typeid(Object::Ptr)) return nullptr;
    return value.extract<Object::Ptr>().get();
}

// The entry for `path`, else the first (in key order) below it, else the nearest above it.
const Object* entryFor(const Object* evidence, const std::string& path) {
    if (const Object* exact = entryAt(evidence, path)) return exact;
    const std::string below = path + ".";
    for (const auto& key : evidence->getNames()) {
        if (key.starts_with(below)) {
            if (const Object* entry = entryAt(evidence, key)) return entry;
        }
    }
    for (auto dot = path.rfind('.'); dot != std::string::npos; dot = path.rfind('.', dot - 1)) {
        if (const Object* above = entryAt(evidence, path.substr(0, dot))) return above;
        if (dot == 0) break;
    }
    return nullptr;
}

std::string textOf(const Object* entry, const std::string& key) {
    if (!entry->has(key)) return "";
    auto value = entry->get(key);
    return value.isString() ? Poco::trim(value.extract<std::string>()) : "";
}

Evidence evidenceNamed(const std::string& word) {
    if (Poco::icompare(word, "client") == 0) return Evidence::Client;
    if (Poco::icompare(word, "inferred") == 0) return Evidence::Inferred;
    return Evidence::Research;
}

}  // namespace

FactSource ResearchEvidence::of(const std::string& path, const std::string& location) const {
    const std::string unnamed = "research: " + location;
    const Object* entry = evidence_ ? entryFor(evidence_, path) : nullptr;
    if (!entry) return {Evidence::Research, unnamed};
    std::string source = textOf(entry, "source");
    return {evidenceNamed(textOf(entry, "evidence")), source.empty() ? unnamed : source};
}

}  // namespace lodestone::outreach
