#pragma once

#include <string>

#include "jobs/JobHandler.hpp"
#include "work/LeaseTable.hpp"
#include "work/RetryPolicy.hpp"

namespace lodestone::jobs {

// What became of one attempt at a job's step, written inside the caller's transaction and
// guarded by the lease: `held` is false, and nothing written, when the owner no longer held the
// job.

// The step's output (and whatever else the step stores) kept; the job moves on to its next step
// (`next`) or to completed.
work::Recorded recordSuccess(storage::Repositories& repositories, const std::string& owner,
                             const domain::Job& job, domain::StepName step,
                             const StepResult& result, domain::Timestamp now);

struct FailedAttempt {
    std::string jobId;
    std::string owner;
    domain::StepName step = domain::StepName::Research;
    int retryCount = 0;         // before this attempt
    std::string error;          // what the status endpoints show
    bool leaseExpired = false;  // found by the rescuer rather than reported by the worker
    int maxRetries = 0;         // the job's own limit
    // False when trying again cannot help (a plugin rejected the job's input, what the job
    // works on is gone): the job fails at once, and a retry through the API is refused.
    bool retryable = true;
};

// Queued again after the back-off while retries remain and the failure is retryable (retryAt
// set); otherwise failed, and its kind's handler says what that means for what it worked on.
work::Recorded recordFailure(storage::Repositories& repositories, const JobHandlers& handlers,
                             const work::RetryPolicy& policy, const FailedAttempt& attempt,
                             domain::Timestamp now);

}  // namespace lodestone::jobs
