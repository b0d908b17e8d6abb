#pragma once

#include <Poco/JSON/Object.h>

#include <string>
#include <vector>

#include "domain/ProjectSchema.hpp"

namespace lodestone::leadmagnet {

// Limits the spec leaves open: long enough for any real value, short enough that one lead
// cannot bloat the database.
inline constexpr std::size_t kMaxStringField = 2000;
inline constexpr std::size_t kMaxUrlField = 2048;
inline constexpr std::size_t kMaxJsonField = 32 * 1024;

// The lead of a Generate Lead Magnet request (POST /api/projects/{projectId}/generate): the body's
// fields checked against the project's schema, which each project defines for itself. A campaign
// prospect's Add Lead body has fixed fields instead, and is checked in outreach/addlead/.
struct ProjectLeadFields {
    // Only fields the schema knows: text trimmed, email and url fields as sent, domains
    // lowercased, json fields as objects.
    Poco::JSON::Object::Ptr fields = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    std::vector<std::string> missingFields;  // required and absent, null or empty
    std::vector<std::string> invalidFields;  // present but of the wrong type or shape

    bool valid() const { return missingFields.empty() && invalidFields.empty(); }
    std::string email() const { return fields->optValue<std::string>("email", ""); }
};

// Field by field, in schema order: a string/email/url/domain field must be a JSON string (an
// email a valid address by domain/Email.hpp, a url one by the URL rule of domain/Urls.hpp, a
// domain a host name by domain/HostNames.hpp, each checked untrimmed); a json field an object or
// a string holding one, read by the rules of the body itself (domain::parseClientJson). null, "",
// whitespace and {} count as empty: missing when required, left out when optional. Lengths are in
// bytes of UTF-8. Unknown fields are dropped.
ProjectLeadFields checkProjectLeadFields(const domain::ProjectSchema& schema,
                                         const Poco::JSON::Object& body);

}  // namespace lodestone::leadmagnet
