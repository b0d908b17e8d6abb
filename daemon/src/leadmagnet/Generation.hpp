#pragma once

#include <stdexcept>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "leadmagnet/ProjectLeadFields.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::leadmagnet {

// The job is not in a state a retry applies to (only failed, retryable jobs are).
class NotRetryable : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct GenerationRequest {
    const domain::Project& project;
    const ProjectLeadFields& input;
    const std::string& publicUrl;  // server.public_url, for projects without their own host
    int maxRetries = 3;
    domain::Timestamp now = 0;
    // A campaign prospect's lead magnet (ProspectMagnet.hpp): the prospect the lead serves, and
    // what its research found, which becomes the job's research step: the job starts at content
    // generation. When the organisation is short of credits, the lead and its job are stored all
    // the same, the job failed (retryable) saying so, so that the prospect shows why and a retry
    // charges then.
    std::optional<std::string> prospectId = std::nullopt;
    std::optional<std::string> researchJson = std::nullopt;
};

struct StartedGeneration {
    domain::Lead lead;
    domain::Job job;
};

// `<project's lead-magnet host>/<leadId>`, or `<public_url>/m/<leadId>`.
std::string leadMagnetUrl(const domain::Project& project, const std::string& publicUrl,
                          const std::string& leadId);

// Within the caller's transaction, so that none happens without the others: takes the project's
// cost from the organisation (storage::InsufficientCredits when short, unless the request is a
// prospect's), stores the lead and its queued job holding that charge.
StartedGeneration startGeneration(storage::Repositories& repositories,
                                  const GenerationRequest& request);

// Gives back the credits a job still holds (once: a second call finds none). Returns them.
std::int64_t refundCharge(storage::Repositories& repositories, const domain::Job& job,
                          domain::Timestamp now);

// Puts a failed job back in the queue at the step that failed, charging the project's cost again
// (its first charge was refunded when it failed). NotRetryable for a job in any other state; like
// any failure inside the caller's transaction, it must roll that transaction back.
domain::Job retryGeneration(storage::Repositories& repositories, const domain::Job& job,
                            const domain::Project& project, domain::Timestamp now);

}  // namespace lodestone::leadmagnet
