#pragma once

#include "jobs/JobHandler.hpp"
#include "jobs/RetryPolicy.hpp"
#include "work/LeaseTable.hpp"

namespace lodestone::jobs {

// The jobs table as the engine's lease keeper and rescuer see it. A job taken back from a lost
// worker counts as a failed attempt of the step it was at, with the job's own retries.
class JobTable final : public work::LeaseTable {
  public:
    JobTable(const JobHandlers& handlers, const RetryPolicy& retries)
        : handlers_(handlers), retries_(retries) {}

    const std::string& name() const override { return name_; }
    int renew(storage::Repositories& repositories, const std::string& owner,
              const std::vector<std::string>& itemIds, work::Timestamp until) override;
    void reportProgress(storage::Repositories& repositories, const std::string& itemId,
                        const std::string& owner, int percent) override;
    std::vector<work::Lease> expiredLeases(storage::Repositories& repositories, work::Timestamp now,
                                           int limit) override;
    std::vector<std::string> leaseOwners(storage::Repositories& repositories) override;
    std::vector<work::Lease> leasesHeldBy(storage::Repositories& repositories,
                                          const std::vector<std::string>& owners) override;
    work::Rescue rescue(storage::Repositories& repositories, const work::Lease& lease,
                        work::LostBecause why, work::Timestamp now) override;

  private:
    const std::string name_ = "job";
    const JobHandlers& handlers_;
    const RetryPolicy& retries_;
};

}  // namespace lodestone::jobs
