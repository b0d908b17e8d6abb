#pragma once

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

// A campaign prospect's own lead magnet (docs/outreach.md, "Lead magnets in the sequence"): made
// in the campaign's project from what the prospect's research found, linked from its emails.
namespace lodestone::leadmagnet {

// The prospect's lead and the job that makes its page.
struct ProspectMagnet {
    domain::Lead lead;
    domain::Job job;

    bool ready() const { return job.status == domain::JobStatus::Completed; }
    // Failed for good (after its retries, or for want of credits) until someone retries it.
    bool failed() const { return job.status == domain::JobStatus::Failed; }
};

struct ProspectMagnetRequest {
    const domain::Project& project;  // the campaign's project
    const domain::Prospect& prospect;
    const std::string& researchJson;  // the prospect's research step's output
    const std::string& publicUrl;     // server.public_url
    int maxRetries = 3;
    domain::Timestamp now = 0;
};

// Within the caller's transaction: the prospect's lead magnet, started now if it has none (one
// lead per prospect, however often it is scored or its jobs retried). The lead's fields are the
// prospect's, under the names of the spec's Generate Lead Magnet input (email, fullName, company,
// domain, title, phone, industry, companySize, customFields) and the prospect's own names, kept
// where the project's schema knows them; the job starts at content generation and is charged as
// Generate charges (leadmagnet::startGeneration).
ProspectMagnet ensureProspectMagnet(storage::Repositories& repositories,
                                    const ProspectMagnetRequest& request);

// The prospect's lead magnet, if one was started.
std::optional<ProspectMagnet> findProspectMagnet(storage::Repositories& repositories,
                                                 const std::string& prospectId);

}  // namespace lodestone::leadmagnet
