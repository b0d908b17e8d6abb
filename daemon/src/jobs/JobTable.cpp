#include "jobs/JobTable.hpp"

#include "jobs/JobOutcomes.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "work/WorkerIdentity.hpp"

namespace lodestone::jobs {
void JobTable::reportProgress(storage::Repositories& repositories, const std::string& itemId,
                              const std::string& owner, int percent) {
    repositories.jobQueue().reportProgress(itemId, owner, percent);
}

work::Rescue JobTable::rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                              work::LostBecause why, work::Timestamp now) {
    work::Rescue rescue;
    rescue.subject = "job " + lease.id;
    const auto job = repositories.jobs().find(lease.id);
    if (!job || job->leaseOwner != lease.owner) return rescue;  // it changed hands meanwhile
    const std::string step(domain::toString(job->nextStep));
    const bool expired = why == work::LostBecause::Expired;
    rescue.error =
        expired ? "the worker running the " + step + " step stopped responding (its lease expired)"
                : "lodestoned stopped while the " + step + " step was running (process " +
                      work::processOf(lease.owner) + " is gone)";
    rescue.recorded = recordFailure(repositories, handlers_, retries_,
                                    {job->id, lease.owner, job->nextStep, job->retryCount,
                                     rescue.error, expired, job->maxRetries},
                                    now);
    return rescue;
}

}  // namespace lodestone::jobs
