#include <Poco/DateTime.h>
#include <Poco/String.h>
#include <Poco/Timestamp.h>

#include "domain/Email.hpp"
#include "domain/HostNames.hpp"
#include "outreach/addlead/CampaignLead.hpp"
#include "outreach/addlead/Enrichment.hpp"
#include "outreach/addlead/ObjectWalk.hpp"

namespace lodestone::outreach {
namespace {

// A given domain is checked as sent (" acme.io" and "acme.io\n" are refused like any other
// character outside the rule, never trimmed) and stored lowercased.
std::optional<std::string> readDomain(ObjectWalk& lead) {
    auto given = lead.text("domain", hostName());
    if (!given) return std::nullopt;
    std::string domain = domain::lowercaseHostName(*given);
    lead.keep("domain", domain);
    return domain;
}

}  // namespace

CampaignLeadError::CampaignLeadError(std::string message, std::vector<std::string> missing,
                                     std::vector<std::string> invalid,
                                     std::map<std::string, std::string> why)
    : std::runtime_error(std::move(message)),
      missing_(std::move(missing)),
      invalid_(std::move(invalid)),
      why_(std::move(why)) {}

CampaignLead readCampaignLead(const Poco::JSON::Object& body, int currentYear) {
    LeadProblems problems;
    ObjectWalk walk(body, "", problems);
    CampaignLead lead;

    auto companyName = walk.required("companyName", plainText(kMaxShortText));
    auto contactName = walk.required("contactName", plainText(kMaxShortText));
    // Checked as sent: trimming would turn "ann@acme.io\n" into an address nobody sent.
    auto email = walk.required("email", emailAddress(), ObjectWalk::Whitespace::Keep);

    auto givenDomain = readDomain(walk);
    lead.title = walk.text("title", plainText(kMaxShortText));
    walk.text("phone", plainText(kMaxShortText));
    walk.text("linkedInUrl", httpUrl());
    walk.text("companyLinkedInUrl", httpUrl());
    walk.text("notes", plainText(kMaxLongText));
    lead.companySupplied = readCompany(walk, currentYear);
    readContact(walk);
    walk.freeform("researchData");
    walk.freeform("extraContext");
    walk.freeform("customData");

    if (!problems.empty()) throw problems.error();

    lead.companyName = *companyName;
    lead.contactName = *contactName;
    lead.email = *email;
    lead.emailKey = Poco::toLower(*email);
    lead.stored = walk.stored();
    lead.ignoredFields = problems.ignoredFields();
    lead.domain = givenDomain ? givenDomain : domain::companyDomainOf(*email);
    // Set after stored(), which holds only what the body gave, so a derived domain comes last.
    if (!givenDomain && lead.domain) lead.stored->set("domain", *lead.domain);
    return lead;
}

CampaignLead readCampaignLead(const Poco::JSON::Object& body, const domain::Clock& clock) {
    return readCampaignLead(body, Poco::DateTime(Poco::Timestamp(clock.now() * 1000)).year());
}

}  // namespace lodestone::outreach
