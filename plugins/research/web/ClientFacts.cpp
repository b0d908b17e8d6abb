#include "ClientFacts.hpp"

#include <Poco/JSON/Array.h>

#include <set>
#include <sstream>

#include "Social.hpp"
#include "Text.hpp"

namespace lodestone::research_web {
namespace {

using Poco::Dynamic::Var;

constexpr int kMaxDepth = 3;
constexpr std::size_t kMaxClientFindings = 25;

// The lead fields research reads itself; every other one is the project's own (custom).
const std::set<std::string> kStandardFields = {
    "email",        "fullName",    "firstName",         "lastName", "company",
    "domain",       "industry",    "companySize",       "title",    "phone",
    "customFields", "linkedInUrl", "companyLinkedInUrl"};

bool isObject(const Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}
bool isArray(const Var& value) {
    return value.type() == typeid(Poco::JSON::Array::Ptr);
}

// How a value reads in a sentence: text as is, lists joined, anything else as JSON.
std::string shown(const Var& value) {
    if (value.isString()) return validUtf8(value.extract<std::string>());
    if (isArray(value)) {
        std::string joined;
        for (const auto& item : *value.extract<Poco::JSON::Array::Ptr>()) {
            joined += (joined.empty() ? "" : ", ") + shown(item);
            if (joined.size() > 300) break;
        }
        return joined;
    }
    if (isObject(value)) {
        std::ostringstream json;
        value.extract<Poco::JSON::Object::Ptr>()->stringify(json);
        return validUtf8(json.str());
    }
    return value.isEmpty() ? "" : value.convert<std::string>();
}

class ClientReader {
  public:
    ClientReader(const ResearchInput& input, ResearchReport& report)
        : input_(input), report_(report) {}

    void run() {
        custom();
        if (input_.linkedInUrl) linkedIn(*input_.linkedInUrl, "linkedInUrl");
        if (input_.companyLinkedInUrl) linkedIn(*input_.companyLinkedInUrl, "companyLinkedInUrl");
        if (input_.notes) {
            report_.finding("Client notes: " + *input_.notes, "notes", "client");
        }
        if (input_.contact) copy("contact", input_.contact, 0);
        if (input_.company) copy("company", input_.company, 0);
        if (input_.extraContext) extra("extraContext", input_.extraContext, 0);
    }

  private:
    // Lead fields outside the standard ones, and customFields, as sent; LinkedIn URLs are
    // profile links instead.
    void custom() {
        const auto add = [this](const std::string& key, const Var& value) {
            if (value.isEmpty()) return;
            if (value.isString() && linkedIn(value.extract<std::string>(), "lead." + key)) return;
            report_.custom(key, value);
        };
        for (const auto& [key, value] : *input_.lead) {
            if (!kStandardFields.contains(key)) add(key, value);
        }
        if (input_.lead->has("customFields") && isObject(input_.lead->get("customFields"))) {
            for (const auto& [key, value] : *input_.lead->getObject("customFields")) {
                if (!input_.lead->has(key)) add(key, value);
            }
        }
    }

    // True when `url` is a LinkedIn profile or company page, reported as such.
    bool linkedIn(const std::string& url, const std::string& field) {
        const auto profile = socialProfileOf(url);
        if (!profile || profile->network != "LinkedIn") return false;
        const bool company = profile->isCompany;
        report_.profile(company ? "company.linkedinUrl" : "contact.linkedinUrl", url,
                        {"client", field});
        finding(std::string(company ? "Company LinkedIn page" : "LinkedIn profile") +
                    " (from the client): " + url,
                field);
        return true;
    }

    // The client's company or contact object: each value into the profile at its own path.
    void copy(const std::string& path, const Poco::JSON::Object::Ptr& object, int depth) {
        for (const auto& [key, value] : *object) {
            const std::string at = path + "." + key;
            if (isObject(value) && depth < kMaxDepth) {
                copy(at, value.extract<Poco::JSON::Object::Ptr>(), depth + 1);
                continue;
            }
            if (value.isEmpty()) continue;
            if (value.isString() && linkedIn(value.extract<std::string>(), at)) continue;
            report_.profile(at, value, {"client", at});
            finding("From the client: " + at + " is " + shown(value), at);
        }
    }

    // extraContext is free-form: its values are findings, and LinkedIn URLs profile links.
    void extra(const std::string& path, const Poco::JSON::Object::Ptr& object, int depth) {
        for (const auto& [key, value] : *object) {
            const std::string at = path + "." + key;
            if (isObject(value) && depth < kMaxDepth) {
                extra(at, value.extract<Poco::JSON::Object::Ptr>(), depth + 1);
            } else if (value.isString() && linkedIn(value.extract<std::string>(), at)) {
                continue;
            } else if (!value.isEmpty()) {
                finding("From the client: " + at + " is " + shown(value), at);
            }
        }
    }

    void finding(const std::string& text, const std::string& source) {
        if (++findings_ <= kMaxClientFindings) report_.finding(text, source, "client");
    }

    const ResearchInput& input_;
    ResearchReport& report_;
    std::size_t findings_ = 0;
};

}  // namespace

void reportClient(const ResearchInput& input, ResearchReport& report) {
    ClientReader(input, report).run();
}

}  // namespace lodestone::research_web
