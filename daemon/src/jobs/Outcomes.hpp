#pragma once

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "jobs/RetryPolicy.hpp"
#include "jobs/StepExecutor.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

// What became of one attempt at a step, as the engine stores it. Every function is one write
// transaction guarded by the lease, and returns false when the owner no longer held the job.

// The step's output (and, for finalization, the page) stored; the job moves on.
bool recordSuccess(storage::Store& store, const std::string& owner, const domain::Job& job,
                   domain::StepName step, const StepResult& result);

struct FailedAttempt {
    std::string jobId;
    std::string owner;
    domain::StepName step = domain::StepName::Research;
    int retryCount = 0;         // before this attempt
    std::string error;          // what the status endpoints show
    bool leaseExpired = false;  // found by the reaper rather than reported by the worker
    int maxRetries = 0;         // the job's own limit
    // False when trying again cannot help (a plugin rejected the job's input, what the job
    // works on is gone): the job fails at once, and a retry through the API is refused.
    bool retryable = true;
};

// Queued again after the back-off while retries remain and the failure is retryable; otherwise
// failed, with its credits given back in the same transaction. Sets `retryAt` when the job will run
// again.
bool recordFailure(storage::Store& store, const RetryPolicy& policy, const FailedAttempt& attempt,
                   std::optional<domain::Timestamp>& retryAt);

}  // namespace lodestone::jobs
