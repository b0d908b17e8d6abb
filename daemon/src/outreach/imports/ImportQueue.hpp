#pragma once

#include <functional>
#include <string>

#include "domain/Clock.hpp"
#include "outreach/imports/ImportSettings.hpp"
#include "storage/Store.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::outreach::imports {

// Imports as the lease keeper and the rescuer see them. An import taken back from a lost worker
// is queued again at once: its rows are added a transaction at a time with the progress that
// records them, so it resumes after the last row recorded, losing none and adding none twice.
class ImportTable final : public work::LeaseTable {
  public:
    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories& repositories) override;
    work::Rescue rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                        work::LostBecause why, work::Timestamp now) override;

  private:
    const std::string name_ = "import";
};

struct ImportWork {
    ImportPace pace;
    int maxRetries = 3;  // jobs.max_retries, for the jobs of the prospects added
    // Called when a batch queued prospects' research (on a worker thread).
    std::function<void()> jobsQueued;
};

// Imports as a kind of work: each claim is one slice of an import's rows (ImportPace::sliceRows),
// after which the import is queued again for the next, so that imports take turns and a stop
// waits for one slice at most.
class ImportQueue final : public work::WorkKind {
  public:
    ImportQueue(storage::Store& store, const domain::Clock& clock, ImportWork work);

    const std::string& name() const override { return name_; }
    work::LeaseTable& table() override { return table_; }
    work::Claims claim(storage::Repositories& repositories,
                       const work::ClaimRequest& request) override;
    std::optional<work::Timestamp> nextDue(storage::Repositories& repositories) override;
    work::Prepared prepare(work::Claim& claim,
                           const std::shared_ptr<plugins::RunControl>& control) override;
    work::Outcome conclude(work::Claim& claim, const work::CallEnd& end,
                           const plugins::RunControl& control) override;
    work::Recorded record(storage::Repositories& repositories, const work::Claim& claim,
                          const work::Outcome& outcome, work::Timestamp now) override;

  private:
    const std::string name_ = "lead_import";
    storage::Store& store_;
    const domain::Clock& clock_;
    ImportWork work_;
    ImportTable table_;
};

}  // namespace lodestone::outreach::imports
