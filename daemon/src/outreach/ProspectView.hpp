#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <vector>

#include "domain/EmailSends.hpp"
#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// Everything GET /api/campaigns/{id}/leads/{prospectId} shows, read in one transaction.
struct ProspectRecord {
    domain::Prospect prospect;
    std::optional<domain::Job> job;  // its research and scoring
    std::vector<domain::ProspectTransition> history;
    std::vector<domain::Meeting> meetings;
    std::vector<domain::EmailSend> emails;  // its sequence's sends, by step
    // Lead magnets made for its address in the organisation, newest first, with what happened
    // on their pages.
    std::vector<std::pair<domain::Lead, domain::PageActivity>> leadMagnets = {};
};

// The prospect `prospectId` of campaign `campaignId` with everything the view shows, read in the
// caller's transaction; none when the campaign has no such prospect.
std::optional<ProspectRecord> loadProspectRecord(storage::Repositories& repositories,
                                                 const std::string& campaignId,
                                                 const std::string& prospectId);

// The prospect as the API shows it (documented in docs/api.md): status, score with its
// breakdown, the research summary, its emails, meetings, history and timestamps (epoch
// milliseconds).
Poco::JSON::Object::Ptr renderProspect(const ProspectRecord& record, const std::string& bookingUrl);

// A prospect as a listing shows it: the view's first fields (up to `qualified`), `error`,
// `createdAt` and `updatedAt`.
Poco::JSON::Object::Ptr renderProspectSummary(const domain::Prospect& prospect);

}  // namespace lodestone::outreach
