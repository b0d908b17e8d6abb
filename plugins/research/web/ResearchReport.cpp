#include "ResearchReport.hpp"

#include <Poco/JSON/Array.h>

#include <algorithm>
#include <sstream>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

Poco::JSON::Object::Ptr ordered() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::vector<std::string> partsOf(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('.', start);
        if (end == std::string::npos) end = path.size();
        parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

Poco::JSON::Array::Ptr arrayOf(const std::vector<std::string>& items) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array();
    for (const auto& item : items) array->add(item);
    return array;
}

}  // namespace

ResearchReport::ResearchReport()
    : person_(ordered()),
      company_(ordered()),
      custom_(ordered()),
      profile_(ordered()),
      evidence_(ordered()) {}

bool ResearchReport::profile(const std::string& path, const Poco::Dynamic::Var& value,
                             Evidence evidence) {
    if (value.isEmpty() || (value.isString() && value.extract<std::string>().empty())) return false;
    const auto parts = partsOf(path);
    Poco::JSON::Object::Ptr at = profile_;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        if (!at->has(parts[i])) at->set(parts[i], ordered());
        at = at->getObject(parts[i]);
        if (!at) return false;
    }
    if (at->has(parts.back())) return false;
    at->set(parts.back(), value);
    auto entry = ordered();
    entry->set("evidence", evidence.kind);
    entry->set("source", cut(evidence.source, 300));
    evidence_->set(path, entry);
    return true;
}

std::optional<Poco::Dynamic::Var> ResearchReport::profileValue(const std::string& path) const {
    const auto parts = partsOf(path);
    Poco::JSON::Object::Ptr at = profile_;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        at = at->getObject(parts[i]);
        if (!at) return std::nullopt;
    }
    if (!at->has(parts.back())) return std::nullopt;
    return at->get(parts.back());
}

void ResearchReport::finding(const std::string& text, const std::string& source,
                             const std::string& evidence) {
    // Valid UTF-8 whatever a page held: the daemon stores this as JSON.
    const std::string shown = cut(collapseWhitespace(validUtf8(text)), 300);
    if (shown.empty() || findings_.size() >= kMaxFindings) return;
    if (std::find(facts_.begin(), facts_.end(), shown) != facts_.end()) return;
    facts_.push_back(shown);
    findings_.push_back({shown, Evidence{evidence, cut(validUtf8(source), 300)}});
}

void ResearchReport::warning(const std::string& text) {
    if (warnings_.size() >= kMaxWarnings) {
        ++warningsLeftOut_;
        return;
    }
    warnings_.push_back(cut(collapseWhitespace(validUtf8(text)), 300));
}

void ResearchReport::source(const std::string& name) {
    if (std::find(sources_.begin(), sources_.end(), name) == sources_.end() &&
        sources_.size() < 20) {
        sources_.push_back(name);
    }
}

void ResearchReport::person(const std::string& key, const std::string& value) {
    if (!value.empty()) person_->set(key, value);
}

void ResearchReport::company(const std::string& key, const std::string& value) {
    if (!value.empty()) company_->set(key, value);
}

void ResearchReport::custom(const std::string& key, const Poco::Dynamic::Var& value) {
    if (!value.isEmpty() && custom_->size() < 100) custom_->set(key, value);
}

std::optional<std::string> ResearchReport::companyValue(const std::string& key) const {
    if (!company_->has(key)) return std::nullopt;
    return company_->getValue<std::string>(key);
}

std::string ResearchReport::json() const {
    auto result = ordered();
    result->set("person", person_);
    result->set("company", company_);
    result->set("custom", custom_);
    result->set("facts", arrayOf(facts_));
    result->set("sources", arrayOf(sources_));
    result->set("profile", profile_);
    result->set("evidence", evidence_);
    Poco::JSON::Array::Ptr findings = new Poco::JSON::Array();
    for (const auto& [text, evidence] : findings_) {
        auto finding = ordered();
        finding->set("text", text);
        finding->set("source", evidence.source);
        finding->set("evidence", evidence.kind);
        findings->add(finding);
    }
    result->set("findings", findings);
    std::vector<std::string> warnings = warnings_;
    if (warningsLeftOut_ > 0) {
        warnings.push_back(std::to_string(warningsLeftOut_) + " more warning(s) left out");
    }
    result->set("warnings", arrayOf(warnings));
    std::ostringstream out;
    result->stringify(out);
    return out.str();
}

}  // namespace lodestone::research_web
