#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::jobs {

// What a claimed job works on, read in the transaction that claimed it: a lead-magnet job's
// lead (its project comes from the ProjectCache), or a prospect job's prospect and campaign.
struct JobSubject {
    std::optional<domain::Lead> lead;
    std::optional<domain::Prospect> prospect;
    std::optional<domain::Campaign> campaign;
};

// Reads the subject of a job just claimed for `step`. A prospect whose research starts becomes
// `researching` in the same transaction.
JobSubject claimSubject(storage::Repositories& repositories, const domain::Job& job,
                        domain::StepName step, domain::Timestamp now);

// Every prospect status from which a prospect job may still move it: a failed job fails only a
// prospect that nothing else (a booked meeting) has moved on.
inline const std::vector<domain::ProspectStatus> kProspectInPipeline = {
    domain::ProspectStatus::Queued, domain::ProspectStatus::Researching,
    domain::ProspectStatus::Scored};

inline bool isInPipeline(domain::ProspectStatus status) {
    return std::find(kProspectInPipeline.begin(), kProspectInPipeline.end(), status) !=
           kProspectInPipeline.end();
}

}  // namespace lodestone::jobs
