#include "ResearchInput.hpp"

#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <vector>

#include "Text.hpp"
#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

// Providers whose addresses name no company. Prefixes cover every country suffix
// (yahoo.co.uk, gmx.de).
const std::vector<std::string_view> kFreeMail = {
    "gmail.com",   "googlemail.com", "outlook.com",    "hotmail.",    "live.com",    "msn.com",
    "yahoo.",      "ymail.com",      "aol.com",        "icloud.com",  "me.com",      "mac.com",
    "proton.me",   "protonmail.",    "pm.me",          "gmx.",        "web.de",      "mail.ru",
    "yandex.",     "zoho.com",       "hey.com",        "fastmail.",   "tutanota.",   "qq.com",
    "163.com",     "126.com",        "naver.com",      "orange.fr",   "free.fr",     "laposte.net",
    "t-online.de", "libero.it",      "btinternet.com", "comcast.net", "verizon.net", "att.net"};

bool isFreeMail(const std::string& domain) {
    for (auto provider : kFreeMail) {
        if (provider.back() == '.' ? domain.starts_with(provider) : domain == provider) return true;
    }
    return false;
}

std::optional<std::string> text(const Poco::JSON::Object& object, const char* key) {
    if (!object.has(key) || !object.get(key).isString()) return std::nullopt;
    std::string value = trim(validUtf8(object.getValue<std::string>(key)));
    if (value.empty()) return std::nullopt;
    return value;
}

Poco::JSON::Object::Ptr objectOrNull(const Poco::JSON::Object& object, const char* key) {
    if (!object.has(key)) return nullptr;
    const auto value = object.get(key);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return value.extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

ResearchInput readInput(const std::string& json) {
    Poco::JSON::Object::Ptr root;
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        const auto value = parser.parse(json);
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            root = value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const std::exception& e) {
        throw InputError(std::string("the input is not JSON: ") + e.what());
    }
    if (!root) throw InputError("the input is not a JSON object");
    ResearchInput input;
    input.root = root;
    input.lead = objectOrNull(*root, "lead");
    if (!input.lead) throw InputError("the input has no \"lead\" object");
    const auto email = text(*input.lead, "email");
    if (!email || email->find('@') == std::string::npos) {
        throw InputError("lead.email is missing or not an email address");
    }
    input.email = *email;
    const Poco::JSON::Object& lead = *input.lead;
    input.fullName = text(lead, "fullName");
    input.firstName = text(lead, "firstName");
    input.lastName = text(lead, "lastName");
    input.companyName = text(lead, "company");
    input.domain = text(lead, "domain");
    input.industry = text(lead, "industry");
    input.companySize = text(lead, "companySize");
    input.title = text(lead, "title");
    input.phone = text(lead, "phone");
    input.linkedInUrl = text(lead, "linkedInUrl");
    input.companyLinkedInUrl = text(lead, "companyLinkedInUrl");
    input.notes = text(*root, "notes");
    input.company = objectOrNull(*root, "company");
    input.contact = objectOrNull(*root, "contact");
    input.extraContext = objectOrNull(*root, "extraContext");
    input.skipCompanyEnrichment = root->optValue<bool>("skipCompanyEnrichment", false);
    return input;
}

std::optional<std::string> siteDomainOf(const ResearchInput& input, std::string& whyNot) {
    if (input.domain) {
        auto domain = companyDomain(*input.domain);
        if (!domain) {
            whyNot = "lead.domain \"" + cut(*input.domain, 80) + "\" is not a host name";
        } else if (isFreeMail(*domain)) {
            whyNot = *domain + " is a free-mail provider, not the company's website";
        } else {
            return domain;
        }
        return std::nullopt;
    }
    auto domain = companyDomain(input.email.substr(input.email.rfind('@') + 1));
    if (!domain) {
        whyNot = "the email address names no host";
        return std::nullopt;
    }
    if (isFreeMail(*domain)) {
        whyNot = "the email address is at " + *domain + ", a free-mail provider";
        return std::nullopt;
    }
    return domain;
}

}  // namespace lodestone::research_web
