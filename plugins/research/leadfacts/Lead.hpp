// The lead as the engine sends it, read into the fields the research rules use.
#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

namespace lodestone::research_basic {

struct Lead {
    std::string email;
    std::optional<std::string> fullName;
    std::optional<std::string> company;
    std::optional<std::string> domain;
    std::optional<std::string> industry;
    std::optional<std::string> companySize;
    std::optional<std::string> title;
    std::optional<std::string> phone;
    // Profile links: the person's and the company's LinkedIn pages.
    std::optional<std::string> linkedInUrl;
    std::optional<std::string> companyLinkedInUrl;
    // Every other lead field (the project's own schema fields) plus the keys of customFields;
    // on a clash the schema field wins: the project's schema checked it, customFields is
    // free-form. Values are kept as sent (strings, numbers, objects…); nulls are dropped.
    Poco::JSON::Object::Ptr custom;
};

// What a campaign prospect's client sent beside the lead (docs/plugins.md, "Researching a campaign
// prospect"); all of it is missing for a lead-magnet lead.
struct ClientData {
    std::optional<std::string> notes;
    Poco::JSON::Object::Ptr extraContext;  // null when not sent, as the other objects
    Poco::JSON::Object::Ptr company;
    Poco::JSON::Object::Ptr contact;
    // The client sent company data: it is used as sent, and the company is not researched.
    bool skipCompanyEnrichment = false;
};

ClientData readClientData(const Poco::JSON::Object::Ptr& input);

// Reads input.lead. Throws lodestone::InputError when the input has no lead object or the lead
// has no usable email address.
Lead readLead(const Poco::JSON::Object::Ptr& input);

}  // namespace lodestone::research_basic
