#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
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
    // Its own lead magnet, made in its campaign's project (docs/outreach.md): the lead, the job
    // that makes the page, and what happened on the page.
    struct OwnLeadMagnet {
        domain::Lead lead;
        domain::Job job;
        domain::PageActivity activity;
    };
    std::optional<OwnLeadMagnet> leadMagnet = std::nullopt;
};

// Leaves out the record's lead magnets of projects `visible` refuses: what an API key restricted
// to some projects sees, as their status routes show it.
void keepVisibleLeadMagnets(ProspectRecord& record,
                            const std::function<bool(const std::string&)>& visible);

// Why the prospect's sequence is held, when it is: an email that links to its lead magnet waits
// for the page; the magnet failed for good ("…; retry it") or is still being made.
std::optional<std::string> sequenceHeldBecause(const ProspectRecord& record);

// The prospect `prospectId` of campaign `campaignId` with everything the view shows, read in the
// caller's transaction; none when the campaign has no such prospect.
std::optional<ProspectRecord> loadProspectRecord(storage::Repositories& repositories,
                                                 const std::string& campaignId,
                                                 const std::string& prospectId);

// The prospect as the API shows it (documented in docs/api.md): status, score with its
// breakdown, the research summary, its emails, its own lead magnet and why its sequence is held,
// meetings, history and timestamps (epoch milliseconds).
Poco::JSON::Object::Ptr renderProspect(const ProspectRecord& record, const std::string& bookingUrl);

// A prospect as a listing shows it: the view's first fields (up to `qualified`), `error`,
// `createdAt` and `updatedAt`.
Poco::JSON::Object::Ptr renderProspectSummary(const domain::Prospect& prospect);

}  // namespace lodestone::outreach
