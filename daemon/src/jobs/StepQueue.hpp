#pragma once

#include <chrono>

#include "jobs/JobHandler.hpp"
#include "jobs/JobTable.hpp"
#include "metrics/Series.hpp"
#include "work/RetryPolicy.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::jobs {

// One step of the pipeline as a kind of work: the jobs due at that step, of every kind that has
// it (a claim takes lead magnets first, storage's JobQueue::claim). Each claimed job's kind
// prepares its run; this queue runs it, reads how it ended, and records the step's outcome.
class StepQueue final : public work::WorkKind {
  public:
    StepQueue(domain::StepName step, JobTable& table, const JobHandlers& handlers,
              const work::RetryPolicy& retries, std::chrono::milliseconds timeout,
              const metrics::Series* series = nullptr);

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
    // Counts a failure that will be tried again (lodestone_retries_total, by the job's kind).
    void recorded(const work::Claim& claim, const work::Outcome& outcome,
                  const work::Recorded& recorded) override;

  private:
    domain::StepName step_;
    std::string name_;
    JobTable& table_;
    const JobHandlers& handlers_;
    const work::RetryPolicy& retries_;
    std::chrono::milliseconds timeout_;
    const metrics::Series* series_;
};

}  // namespace lodestone::jobs
