#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Jobs.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// What the job engine does with jobs. Every change is guarded by the lease: only the owner named
// can move a job it holds, so a worker that finishes late changes nothing.
class JobQueue {
  public:
    virtual ~JobQueue() = default;
    // Takes up to `limit` jobs that are due for `step` (not leased, not finished, resuming at
    // that step, run_after <= now), kind by kind in domain::kJobKindsByClaimOrder and oldest due
    // first within a kind: each gets the step's running status, a lease for `owner` until
    // `leaseUntil`, and its step row (re)started at `now`. Returned with their steps (and the
    // outputs of finished ones).
    virtual std::vector<domain::Job> claim(domain::StepName step, const std::string& owner,
                                           int limit, Timestamp now, Timestamp leaseUntil) = 0;
    // When the next job for `step` is due (nullopt: none is waiting).
    virtual std::optional<Timestamp> nextDue(domain::StepName step) = 0;
    virtual bool reportProgress(const std::string& jobId, const std::string& owner,
                                int percent) = 0;
    // Stores the step's output; the job moves on to the next step, due at once, or after the
    // last one to completed. False if the owner no longer holds the job.
    virtual bool completeStep(const std::string& jobId, const std::string& owner,
                              domain::StepName step, const std::string& outputJson,
                              Timestamp now) = 0;
    struct StepFailure {
        std::string jobId;
        std::string owner;
        domain::StepName step = domain::StepName::Research;
        std::string error;
        Timestamp now = 0;
        std::optional<Timestamp> retryAt;  // set: back to queued then; else the job has failed
        bool onlyIfLeaseExpired = false;   // the rescuer: only while the lease is still expired
        bool retryable = true;             // false: failed for good, and a retry is refused
    };
    // Records a failed attempt: the step row failed with the error; the job either queued again
    // (one more retry, due at retryAt) or failed for good. False if the guard did not hold.
    virtual bool failStep(const StepFailure& failure) = 0;
    // Hands a job back without counting an attempt (a graceful stop): it keeps its status and is
    // due again at once.
    virtual bool releaseLease(const std::string& jobId, const std::string& owner,
                              Timestamp now) = 0;
};

}  // namespace lodestone::storage
