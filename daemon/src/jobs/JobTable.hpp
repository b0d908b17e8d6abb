#pragma once

#include "jobs/JobHandler.hpp"
#include "work/LeaseTable.hpp"
#include "work/RetryPolicy.hpp"

namespace lodestone::jobs {

// The jobs table as the engine's lease keeper and rescuer see it. A job taken back from a lost
// worker counts as a failed attempt of the step it was at, with the job's own retries.
class JobTable final : public work::LeaseTable {
  public:
    JobTable(const JobHandlers& handlers, const work::RetryPolicy& retries)
        : handlers_(handlers), retries_(retries) {}

    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories& repositories) override {
        return repositories.jobLeases();
    }
    void reportProgress(storage::Repositories& repositories, const std::string& itemId,
                        const std::string& owner, int percent) override;
    work::Rescue rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                        work::LostBecause why, work::Timestamp now) override;

  private:
    const std::string name_ = "job";
    const JobHandlers& handlers_;
    const work::RetryPolicy& retries_;
};

}  // namespace lodestone::jobs
