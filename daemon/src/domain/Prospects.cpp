#include "domain/Prospects.hpp"

#include "domain/EnumNames.hpp"
#include "domain/JsonValues.hpp"

namespace lodestone::domain {
namespace {

constexpr EnumNames<ProspectStatus, 12> kNames{{
    {ProspectStatus::Queued, "queued"},
    {ProspectStatus::Researching, "researching"},
    {ProspectStatus::Scored, "scored"},
    {ProspectStatus::Qualified, "qualified"},
    {ProspectStatus::Disqualified, "disqualified"},
    {ProspectStatus::InSequence, "in_sequence"},
    {ProspectStatus::Replied, "replied"},
    {ProspectStatus::MeetingBooked, "meeting_booked"},
    {ProspectStatus::Completed, "completed"},
    {ProspectStatus::Bounced, "bounced"},
    {ProspectStatus::Unsubscribed, "unsubscribed"},
    {ProspectStatus::Failed, "failed"},
}};

void copyIf(const Poco::JSON::Object& from, const char* key, Poco::JSON::Object& to,
            const char* as) {
    if (from.has(key) && !from.get(key).isEmpty()) to.set(as, from.get(key));
}

}  // namespace

Poco::JSON::Object::Ptr leadFieldsOf(const Prospect& prospect, const Poco::JSON::Object& body) {
    auto lead = orderedObject();
    lead->set("email", prospect.email);
    lead->set("fullName", prospect.contactName);
    lead->set("company", prospect.companyName);
    if (prospect.domain) lead->set("domain", *prospect.domain);
    copyIf(body, "title", *lead, "title");
    copyIf(body, "phone", *lead, "phone");
    copyIf(body, "linkedInUrl", *lead, "linkedInUrl");
    copyIf(body, "companyLinkedInUrl", *lead, "companyLinkedInUrl");
    if (auto company = body.getObject("company")) {
        copyIf(*company, "industry", *lead, "industry");
        if (company->has("employeeRange")) {
            copyIf(*company, "employeeRange", *lead, "companySize");
        } else if (company->has("employeeCount")) {
            lead->set("companySize", company->get("employeeCount").toString());
        }
    }
    return lead;
}

std::string_view toString(ProspectStatus status) {
    return nameOf(kNames, status);
}

std::optional<ProspectStatus> prospectStatusFromString(std::string_view text) {
    return valueOf(kNames, text);
}

std::vector<ProspectStatus> everyProspectStatus() {
    std::vector<ProspectStatus> statuses;
    for (const auto& [status, name] : kNames) statuses.push_back(status);
    return statuses;
}

}  // namespace lodestone::domain
