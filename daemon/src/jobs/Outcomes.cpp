#include "jobs/Outcomes.hpp"

#include "leadmagnet/Generation.hpp"

namespace lodestone::jobs {

bool recordSuccess(storage::Store& store, const std::string& owner, const domain::Job& job,
                   domain::StepName step, const StepResult& result) {
    return store.write([&](storage::Repositories& repositories) {
        auto now = domain::nowMillis();
        if (!repositories.jobs().completeStep(job.id, owner, step, result.outputJson, now)) {
            return false;
        }
        if (result.pageHtml) repositories.leads().setPage(job.leadId, *result.pageHtml);
        return true;
    });
}

bool recordFailure(storage::Store& store, const RetryPolicy& policy, const FailedAttempt& attempt,
                   std::optional<domain::Timestamp>& retryAt) {
    auto now = domain::nowMillis();
    retryAt = policy.retryAt(attempt.retryCount, attempt.maxRetries, now);
    return store.write([&](storage::Repositories& repositories) {
        storage::JobRepository::StepFailure failure{
            attempt.jobId, attempt.owner, attempt.step,        attempt.error,
            now,           retryAt,       attempt.leaseExpired};
        if (!repositories.jobs().failStep(failure)) return false;
        if (!retryAt) {
            leadmagnet::refundCharge(repositories, *repositories.jobs().find(attempt.jobId), now);
        }
        return true;
    });
}

}  // namespace lodestone::jobs
