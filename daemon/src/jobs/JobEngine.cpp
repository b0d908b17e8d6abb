#include "jobs/JobEngine.hpp"

#include <Poco/Logger.h>

#include <chrono>
#include <thread>

#include "jobs/WorkerIdentity.hpp"

namespace lodestone::jobs {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.jobs");
}

StepPoolSettings settingsFor(domain::StepName step, const config::StepConfig& config,
                             const config::JobsConfig& jobs) {
    return {step, config.concurrency, config.timeout, config.timeout + jobs.leaseGrace,
            jobs.pollInterval};
}

}  // namespace

JobEngine::JobEngine(storage::Store& store, const config::Config& config, Pipeline pipeline)
    : store_(store),
      config_(config),
      owner_(newProcessOwner()),
      retries_(config.jobs.retryBackoff),
      projects_(store),
      leases_(store),
      reaper_(store, retries_, config.jobs.reaperInterval, owner_, [this] { jobQueued(); }) {
    using domain::StepName;
    const auto& steps = config.pipeline;
    auto make = [&](StepName step, const config::StepConfig& stepConfig,
                    std::shared_ptr<StepExecutor> executor) {
        return std::make_unique<StepPool>(settingsFor(step, stepConfig, config.jobs), store, owner_,
                                          leases_, retries_, projects_, std::move(executor),
                                          [this, step] { stepDone(step); });
    };
    pools_[0] = make(StepName::Research, steps.research, pipeline.research);
    pools_[1] = make(StepName::Content, steps.content, pipeline.content);
    pools_[2] = make(StepName::Finalize, steps.finalize, pipeline.finalize);
    pools_[3] = make(StepName::Score, steps.scoring, pipeline.score);
}

JobEngine::~JobEngine() {
    stop();
}

void JobEngine::start() {
    leases_.start();
    for (auto& pool : pools_) pool->start();
    reaper_.start();  // its first sweep takes back what a crashed predecessor left
    started_ = true;
    log().information("job engine started as %s", owner_);
}

int JobEngine::stop() {
    if (!started_) return 0;
    started_ = false;
    for (auto& pool : pools_) pool->stopClaiming();
    auto deadline = std::chrono::steady_clock::now() + config_.jobs.shutdownGrace;
    bool finished = true;
    for (auto& pool : pools_) finished = pool->waitUntilIdle(deadline) && finished;
    if (!finished) {
        log().warning("steps still running after jobs.shutdown_grace; handing their jobs back");
        for (auto& pool : pools_) pool->abandonRunning();
    }
    for (auto& pool : pools_) pool->join();
    reaper_.stop();
    leases_.stop();
    const int callsLeft = waitForAbandonedCalls();
    if (callsLeft > 0) {
        log().warning(
            "%d plugin calls are still running (they ignore cancellation or hang); "
            "not waiting for them",
            callsLeft);
    }
    log().information("job engine stopped");
    return callsLeft;
}

int JobEngine::waitForAbandonedCalls() const {
    // Cancelled calls of a well-behaved plugin return within moments; a bounded wait, so that a
    // hung one cannot hold up the stop.
    constexpr auto kCancelledCallsGrace = std::chrono::seconds(2);
    const auto deadline = std::chrono::steady_clock::now() + kCancelledCallsGrace;
    while (true) {
        int running = 0;
        for (const auto& pool : pools_) running += pool->abandonedCallsRunning();
        if (running == 0 || std::chrono::steady_clock::now() >= deadline) return running;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void JobEngine::stepDone(domain::StepName step) {
    // A job that finished this step is due at once at its next one, whichever its kind.
    for (auto kind : {domain::JobKind::LeadMagnet, domain::JobKind::Prospect}) {
        if (auto next = domain::stepAfter(kind, step)) pool(*next).wake();
    }
}

void JobEngine::jobQueued() {
    for (auto& pool : pools_) pool->wake();
}

}  // namespace lodestone::jobs
