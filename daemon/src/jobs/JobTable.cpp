#include "jobs/JobTable.hpp"

#include "jobs/JobOutcomes.hpp"
#include "work/WorkerIdentity.hpp"

namespace lodestone::jobs {
namespace {

std::vector<work::Lease> leasesOf(const std::vector<storage::JobRepository::Lease>& held) {
    std::vector<work::Lease> leases;
    leases.reserve(held.size());
    for (const auto& lease : held) leases.push_back({lease.jobId, lease.owner});
    return leases;
}

}  // namespace

int JobTable::renew(storage::Repositories& repositories, const std::string& owner,
                    const std::vector<std::string>& itemIds, work::Timestamp until) {
    return repositories.jobs().renewLeases(owner, itemIds, until);
}

void JobTable::reportProgress(storage::Repositories& repositories, const std::string& itemId,
                              const std::string& owner, int percent) {
    repositories.jobs().reportProgress(itemId, owner, percent);
}

std::vector<work::Lease> JobTable::expiredLeases(storage::Repositories& repositories,
                                                 work::Timestamp now, int limit) {
    return leasesOf(repositories.jobs().expiredLeases(now, limit));
}

std::vector<std::string> JobTable::leaseOwners(storage::Repositories& repositories) {
    return repositories.jobs().leaseOwners();
}

std::vector<work::Lease> JobTable::leasesHeldBy(storage::Repositories& repositories,
                                                const std::vector<std::string>& owners) {
    return leasesOf(repositories.jobs().leasesHeldBy(owners));
}

work::Rescue JobTable::rescue(storage::Repositories& repositories, const work::Lease& lease,
                              work::LostBecause why, work::Timestamp now) {
    work::Rescue rescue;
    rescue.subject = "job " + lease.itemId;
    const auto job = repositories.jobs().find(lease.itemId);
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
