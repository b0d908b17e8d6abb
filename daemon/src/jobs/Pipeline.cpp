#include "jobs/Pipeline.hpp"

namespace lodestone::jobs {

Pipeline::Pipeline(PipelineSettings settings, JobHandlers handlers)
    : settings_(std::move(settings)),
      handlers_(std::move(handlers)),
      retries_(settings_.retryBackoff),
      table_(handlers_, retries_) {
    for (const auto& [step, stepSettings] : settings_.steps) {
        queues_.push_back(std::make_unique<StepQueue>(step, table_, handlers_, retries_,
                                                      stepSettings.timeout, settings_.series));
    }
}

void Pipeline::addTo(work::Engine& engine) {
    auto queue = queues_.begin();
    for (const auto& [step, stepSettings] : settings_.steps) {
        work::PoolSettings pool;
        pool.concurrency = stepSettings.concurrency;
        pool.timeout = stepSettings.timeout;
        pool.lease = stepSettings.timeout + settings_.leaseGrace;
        pool.pollInterval = settings_.pollInterval;
        engine.add(**queue++, pool);
    }
}

}  // namespace lodestone::jobs
