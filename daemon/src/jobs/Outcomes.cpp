#include "jobs/Outcomes.hpp"

#include "jobs/JobSubject.hpp"
#include "leadmagnet/Generation.hpp"

namespace lodestone::jobs {
namespace {

// What a job's failure means for what it worked on: a lead magnet's charge is refunded; a
// prospect fails with the job's error.
void failedForGood(storage::Repositories& repositories, const domain::Job& job,
                   domain::Timestamp now) {
    switch (job.kind) {
        case domain::JobKind::LeadMagnet:
            leadmagnet::refundCharge(repositories, job, now);
            break;
        case domain::JobKind::Prospect:
            repositories.prospects().transition(job.prospectId, kProspectInPipeline,
                                                domain::ProspectStatus::Failed, now, job.error);
            break;
    }
}

}  // namespace

bool recordSuccess(storage::Store& store, const std::string& owner, const domain::Job& job,
                   domain::StepName step, const StepResult& result) {
    return store.write([&](storage::Repositories& repositories) {
        auto now = domain::nowMillis();
        if (!repositories.jobs().completeStep(job.id, owner, step, result.outputJson, now)) {
            return false;
        }
        if (result.alsoStore) result.alsoStore(repositories, now);
        return true;
    });
}

bool recordFailure(storage::Store& store, const RetryPolicy& policy, const FailedAttempt& attempt,
                   std::optional<domain::Timestamp>& retryAt) {
    auto now = domain::nowMillis();
    retryAt = attempt.retryable ? policy.retryAt(attempt.retryCount, attempt.maxRetries, now)
                                : std::nullopt;
    return store.write([&](storage::Repositories& repositories) {
        storage::JobRepository::StepFailure failure{
            attempt.jobId, attempt.owner, attempt.step,         attempt.error,
            now,           retryAt,       attempt.leaseExpired, attempt.retryable};
        if (!repositories.jobs().failStep(failure)) return false;
        if (!retryAt) failedForGood(repositories, *repositories.jobs().find(attempt.jobId), now);
        return true;
    });
}

}  // namespace lodestone::jobs
