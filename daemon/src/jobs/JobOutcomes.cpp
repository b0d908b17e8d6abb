#include "jobs/JobOutcomes.hpp"

#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"

namespace lodestone::jobs {

work::Recorded recordSuccess(storage::Repositories& repositories, const std::string& owner,
                             const domain::Job& job, domain::StepName step,
                             const StepResult& result, domain::Timestamp now) {
    work::Recorded recorded;
    recorded.held =
        repositories.jobQueue().completeStep(job.id, owner, step, result.outputJson, now);
    if (!recorded.held) return recorded;
    if (result.alsoStore) result.alsoStore(repositories, now);
    if (auto next = domain::stepAfter(job.kind, step)) {
        recorded.next = domain::toString(*next);
    } else {
        recorded.next = result.mayQueue;
    }
    recorded.alsoNext = result.mayAlsoQueue;
    return recorded;
}

work::Recorded recordFailure(storage::Repositories& repositories, const JobHandlers& handlers,
                             const work::RetryPolicy& policy, const FailedAttempt& attempt,
                             domain::Timestamp now) {
    work::Recorded recorded;
    recorded.retryAt = attempt.retryable
                           ? policy.retryAt(attempt.retryCount, attempt.maxRetries, now)
                           : std::nullopt;
    storage::JobQueue::StepFailure failure{
        attempt.jobId, attempt.owner,    attempt.step,         attempt.error,
        now,           recorded.retryAt, attempt.leaseExpired, attempt.retryable};
    recorded.held = repositories.jobQueue().failStep(failure);
    if (recorded.held && !recorded.retryAt) {
        const auto job = repositories.jobs().find(attempt.jobId);
        handlers.of(job->kind).failedForGood(repositories, *job, now);
    }
    if (!recorded.held) recorded.retryAt.reset();
    return recorded;
}

}  // namespace lodestone::jobs
