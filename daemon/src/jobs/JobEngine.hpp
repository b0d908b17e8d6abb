#pragma once

#include <array>
#include <memory>
#include <string>

#include "config/Config.hpp"
#include "jobs/LeaseKeeper.hpp"
#include "jobs/ProjectCache.hpp"
#include "jobs/Reaper.hpp"
#include "jobs/RetryPolicy.hpp"
#include "jobs/StepExecutor.hpp"
#include "jobs/StepPool.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

// Each step's executor. Research serves both kinds of job.
struct Pipeline {
    std::shared_ptr<StepExecutor> research;
    std::shared_ptr<StepExecutor> content;
    std::shared_ptr<StepExecutor> finalize;
    std::shared_ptr<StepExecutor> score;
};

// Moves generation jobs through research -> content -> finalize, and prospect jobs through
// research -> scoring. All state is in storage: a job
// is claimed with a lease, each step's outcome is written when it ends, and a restart (or
// another process) picks up whatever is due. One worker pool per step, so a slow content plugin
// never holds up research.
class JobEngine {
  public:
    JobEngine(storage::Store& store, const config::Config& config, Pipeline pipeline);
    ~JobEngine();

    void start();
    // Stops claiming, lets running steps finish for up to jobs.shutdown_grace, then hands back
    // the jobs of those still running (uncounted), cancels their calls, and joins every thread.
    // Returns how many plugin calls are still running anyway (they ignored cancellation, or hung
    // earlier): the process must then exit without unloading the plugins under them.
    int stop();

    // A job became due (created, retried by hand): wake the pools now rather than at their next
    // poll.
    void jobQueued();

    const std::string& owner() const { return owner_; }

  private:
    int waitForAbandonedCalls() const;
    void stepDone(domain::StepName step);
    StepPool& pool(domain::StepName step) { return *pools_[static_cast<std::size_t>(step)]; }

    storage::Store& store_;
    const config::Config& config_;
    std::string owner_;
    RetryPolicy retries_;
    ProjectCache projects_;
    LeaseKeeper leases_;
    Reaper reaper_;
    std::array<std::unique_ptr<StepPool>, 4> pools_;  // by StepName
    bool started_ = false;
};

}  // namespace lodestone::jobs
