// The research input as the engine sends it (docs/plugins.md): the lead, and for a campaign
// prospect what the client sent beside it (notes, company, contact, extraContext).
#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

namespace lodestone::research_web {

struct ResearchInput {
    Poco::JSON::Object::Ptr root;  // the whole input, as sent
    Poco::JSON::Object::Ptr lead;  // as sent
    std::string email;
    std::optional<std::string> fullName, firstName, lastName, companyName, domain, industry,
        companySize, title, phone, linkedInUrl, companyLinkedInUrl;
    std::optional<std::string> notes;
    Poco::JSON::Object::Ptr company;       // the client's; null when not sent
    Poco::JSON::Object::Ptr contact;       // likewise
    Poco::JSON::Object::Ptr extraContext;  // likewise
    bool skipCompanyEnrichment = false;
};

// Throws lodestone::InputError for input that is not a JSON object, has no `lead` object, or a
// lead without an email address.
ResearchInput readInput(const std::string& json);

// The company website's domain: lead.domain, else the email's domain unless it is a free-mail
// provider's. Nothing, with `whyNot` set, when there is none to read.
std::optional<std::string> siteDomainOf(const ResearchInput& input, std::string& whyNot);

}  // namespace lodestone::research_web
