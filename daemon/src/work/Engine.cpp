#include "work/Engine.hpp"

#include <Poco/Logger.h>

#include <algorithm>
#include <thread>

#include "work/WorkerIdentity.hpp"

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

}  // namespace

Engine::Engine(storage::Store& store, const domain::Clock& clock, EngineSettings settings)
    : store_(store),
      clock_(clock),
      settings_(settings),
      owner_(newProcessOwner()),
      leases_(store, clock) {}

Engine::~Engine() {
    stop();
}

void Engine::add(WorkKind& kind, PoolSettings settings) {
    pools_.push_back(
        std::make_unique<WorkerPool>(kind, settings, store_, clock_, owner_, leases_,
                                     [this](const std::string& queue) { wake(queue); }));
}

void Engine::start() {
    std::vector<LeaseTable*> tables;
    std::string pools;
    for (const auto& pool : pools_) {
        auto* table = &pool->kind().table();
        if (std::find(tables.begin(), tables.end(), table) == tables.end()) {
            tables.push_back(table);
        }
        pools += (pools.empty() ? "" : ", ") + pool->kind().name() + " " +
                 std::to_string(pool->settings().concurrency);
    }
    rescuer_ =
        std::make_unique<Rescuer>(store_, clock_, std::move(tables), settings_.rescueInterval,
                                  owner_, [this](LeaseTable& table) { wake(table); });
    leases_.start();
    for (auto& pool : pools_) pool->start();
    rescuer_->start();  // its first sweep takes back what a crashed predecessor left
    started_ = true;
    log().information("job engine started as %s (workers: %s)", owner_, pools);
}

int Engine::stop() {
    if (!started_) return 0;
    started_ = false;
    const auto stoppedAt = clock_.now();
    auto graceEnd = [&](const WorkerPool& pool) {
        return stoppedAt + std::max(settings_.shutdownGrace,
                                    pool.settings().stopGrace.value_or(settings_.shutdownGrace))
                               .count();
    };
    for (auto& pool : pools_) pool->stopClaiming(graceEnd(*pool));
    std::vector<WorkerPool*> unfinished;
    for (auto& pool : pools_) {
        if (!pool->waitUntilIdle(graceEnd(*pool))) unfinished.push_back(pool.get());
    }
    for (auto* pool : unfinished) {
        log().warning("%s attempts still running after their grace period; interrupting them",
                      pool->kind().name());
        pool->abandonRunning();
    }
    for (auto& pool : pools_) pool->join();
    rescuer_->stop();
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

int Engine::waitForAbandonedCalls() const {
    // Cancelled calls of a well-behaved plugin return within moments; a bounded wait, so that a
    // hung one cannot hold up the stop.
    constexpr Timestamp kCancelledCallsGrace = 2'000;
    const auto deadline = clock_.now() + kCancelledCallsGrace;
    while (true) {
        int running = 0;
        for (const auto& pool : pools_) running += pool->abandonedCallsRunning();
        if (running == 0 || clock_.now() >= deadline) return running;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void Engine::wake(const std::string& kind) {
    for (auto& pool : pools_) {
        if (pool->kind().name() == kind) pool->wake();
    }
}

void Engine::wake(const LeaseTable& table) {
    for (auto& pool : pools_) {
        if (&pool->kind().table() == &table) pool->wake();
    }
}

std::chrono::milliseconds Engine::longestStall() const {
    std::chrono::milliseconds longest{0};
    if (!started_) return longest;
    const auto now = clock_.now();
    for (const auto& pool : pools_) {
        longest = std::max(longest, std::chrono::milliseconds(now - pool->lastTurn()));
    }
    return longest;
}

}  // namespace lodestone::work
