#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <vector>

#include "jobs/JobHandler.hpp"
#include "jobs/JobTable.hpp"
#include "jobs/StepQueue.hpp"
#include "metrics/Series.hpp"
#include "work/Engine.hpp"
#include "work/RetryPolicy.hpp"

namespace lodestone::jobs {

struct StepSettings {
    int concurrency = 1;
    std::chrono::milliseconds timeout{60'000};
};

struct PipelineSettings {
    std::map<domain::StepName, StepSettings> steps;  // one worker pool each
    std::chrono::milliseconds retryBackoff{10'000};
    // A step's lease is its timeout plus this, renewed while it runs.
    std::chrono::milliseconds leaseGrace{15'000};
    std::chrono::milliseconds pollInterval{1'000};
    const metrics::Series* series = nullptr;  // where step durations and retries are counted
};

// Jobs on the work engine: one queue (and worker pool) per step, each serving every kind of job
// that has the step, so a slow content plugin never holds up another job's research. The kinds
// themselves (lead magnets, prospects) are the handlers given.
class Pipeline {
  public:
    Pipeline(PipelineSettings settings, JobHandlers handlers);
    Pipeline(const Pipeline&) = delete;
    Pipeline& operator=(const Pipeline&) = delete;

    // Registers every step's queue; the pipeline must outlive the engine.
    void addTo(work::Engine& engine);
    const work::LeaseTable& table() const { return table_; }

  private:
    PipelineSettings settings_;
    JobHandlers handlers_;
    work::RetryPolicy retries_;
    JobTable table_;
    std::vector<std::unique_ptr<StepQueue>> queues_;
};

}  // namespace lodestone::jobs
