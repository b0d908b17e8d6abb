#include "LeadFacts.hpp"

#include <Poco/JSON/Array.h>

#include <lodestone/plugin.hpp>

#include "leadfacts/Domains.hpp"
#include "leadfacts/LeadResearch.hpp"

namespace lodestone::research_web {
namespace {

// The client's notes, contact, company and extraContext are reported by ClientFacts, with
// LinkedIn links told apart; research-basic's own findings of them would say it twice.
bool reportedByClientFacts(const std::string& source) {
    return source == "notes" || source == "company" || source.starts_with("company.") ||
           source.starts_with("contact.") || source.starts_with("extraContext.");
}

Poco::JSON::Object::Ptr objectAt(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object ? object->getObject(key) : nullptr;
}

// The profile value at a dotted path.
Poco::Dynamic::Var valueAt(const Poco::JSON::Object::Ptr& profile, const std::string& path) {
    Poco::JSON::Object::Ptr at = profile;
    std::size_t start = 0;
    for (std::size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', start)) {
        at = objectAt(at, path.substr(start, dot - start));
        start = dot + 1;
    }
    const std::string key = path.substr(start);
    if (!at || !at->has(key)) return {};
    return at->get(key);
}

}  // namespace

LeadFacts::LeadFacts(const ResearchInput& input, const LeadVocabulary& vocab) {
    try {
        static const research_basic::FreeMailDomains kFreeMail;
        output_ = research_basic::researchLead(input.root, kFreeMail, vocab);
    } catch (const InputError& e) {
        problem_ = std::string("the lead's own data was not read: ") + e.what();
        return;
    }
    for (const auto& [path, entry] : *output_->getObject("evidence")) {
        const auto evidence = entry.extract<Poco::JSON::Object::Ptr>();
        if (evidence->getValue<std::string>("evidence") == "inferred") {
            inferredSources_.insert(evidence->getValue<std::string>("source"));
        }
    }
}

bool LeadFacts::heldBack(const Poco::JSON::Object& finding) const {
    return finding.getValue<std::string>("evidence") == "inferred" &&
           inferredSources_.contains(finding.getValue<std::string>("source"));
}

void LeadFacts::reportGiven(ResearchReport& report) const {
    if (!output_) {
        report.warning(problem_);
        return;
    }
    for (const auto& [key, value] : *output_->getObject("person")) {
        report.person(key, value.convert<std::string>());
    }
    const auto profile = output_->getObject("profile");
    for (const auto& [path, entry] : *output_->getObject("evidence")) {
        const auto evidence = entry.extract<Poco::JSON::Object::Ptr>();
        if (evidence->getValue<std::string>("evidence") != "client") continue;
        report.profile(path, valueAt(profile, path),
                       {"client", evidence->getValue<std::string>("source")});
    }
    for (const auto& item : *output_->getArray("findings")) {
        const auto finding = item.extract<Poco::JSON::Object::Ptr>();
        const std::string source = finding->getValue<std::string>("source");
        if (reportedByClientFacts(source) || heldBack(*finding)) continue;
        report.finding(finding->getValue<std::string>("text"), source,
                       finding->getValue<std::string>("evidence"));
    }
    for (const auto& warning : *output_->getArray("warnings")) {
        report.warning(warning.convert<std::string>());
    }
}

void LeadFacts::reportInferred(ResearchReport& report) const {
    if (!output_) return;
    // After the pages read: those are what research-web adds.
    for (const auto& source : *output_->getArray("sources")) {
        report.source(source.convert<std::string>());
    }
    const auto profile = output_->getObject("profile");
    std::set<std::string> used;
    for (const auto& [path, entry] : *output_->getObject("evidence")) {
        const auto evidence = entry.extract<Poco::JSON::Object::Ptr>();
        if (evidence->getValue<std::string>("evidence") != "inferred") continue;
        const std::string source = evidence->getValue<std::string>("source");
        // Set only where neither the client nor the site said: a read fact stays.
        if (report.profile(path, valueAt(profile, path), {"inferred", source})) used.insert(source);
    }
    for (const auto& item : *output_->getArray("findings")) {
        const auto finding = item.extract<Poco::JSON::Object::Ptr>();
        if (!heldBack(*finding) || !used.contains(finding->getValue<std::string>("source"))) {
            continue;
        }
        report.finding(finding->getValue<std::string>("text"),
                       finding->getValue<std::string>("source"), "inferred");
    }
}

std::optional<std::string> LeadFacts::company(const std::string& key) const {
    const auto company = objectAt(output_, "company");
    if (!company || !company->has(key)) return std::nullopt;
    return company->getValue<std::string>(key);
}

}  // namespace lodestone::research_web
