#pragma once

#include <Poco/JSON/Object.h>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/Clock.hpp"

namespace lodestone::outreach {

// A checked Add Lead body (docs/api.md, "Add Lead"): a campaign prospect, with the fixed fields
// of the spec. A lead-magnet lead is checked against its project's schema instead
// (leadmagnet::ProjectLeadFields).
struct CampaignLead {
    std::string companyName;            // trimmed
    std::string contactName;            // trimmed
    std::string email;                  // trimmed, as given
    std::string emailKey;               // lowercased: what duplicates are detected by
    std::optional<std::string> domain;  // as given (trimmed, lowercased), else derived from email
    std::optional<std::string> title;   // as given
    bool companySupplied = false;       // the body had a `company` object with usable data
    // The known fields as given (the three required ones trimmed, domain normalised or derived),
    // in the body's key order with a derived domain last; unknown keys left out.
    Poco::JSON::Object::Ptr stored;
    // Keys the body sent that are no field of the spec's tables, by path: not stored, and told
    // back to the client so that a misspelt field does not vanish unnoticed.
    std::vector<std::string> ignoredFields;
};

// 400 material: a one-line message, and the offending fields by path ("company.website",
// "company.technologies[2]").
class CampaignLeadError : public std::runtime_error {
  public:
    CampaignLeadError(std::string message, std::vector<std::string> missing,
                      std::vector<std::string> invalid, std::map<std::string, std::string> why);

    const std::vector<std::string>& missingFields() const { return missing_; }
    const std::vector<std::string>& invalidFields() const { return invalid_; }
    // path -> why it is invalid; only invalid fields have an entry.
    const std::map<std::string, std::string>& reasons() const { return why_; }

  private:
    std::vector<std::string> missing_;
    std::vector<std::string> invalid_;
    std::map<std::string, std::string> why_;
};

// Checks the whole body and throws CampaignLeadError listing every problem at once, so a
// client fixes its request in one round trip. `currentYear` bounds company.foundedYear (up to
// the year after, for companies announced ahead of incorporation).
CampaignLead readCampaignLead(const Poco::JSON::Object& body, int currentYear);
// As above, with the current UTC year by `clock`.
CampaignLead readCampaignLead(const Poco::JSON::Object& body, const domain::Clock& clock);

}  // namespace lodestone::outreach
