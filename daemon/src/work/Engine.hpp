#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "storage/Store.hpp"
#include "work/LeaseKeeper.hpp"
#include "work/Rescuer.hpp"
#include "work/WorkKind.hpp"
#include "work/WorkerPool.hpp"

namespace lodestone::work {

struct EngineSettings {
    // How long a stop lets running attempts finish before interrupting them.
    std::chrono::milliseconds shutdownGrace{20'000};
    // How often the rescuer looks for expired leases.
    std::chrono::milliseconds rescueInterval{5'000};
};

// Runs every kind of leased background work of this process: one worker pool per kind, one
// lease keeper and one rescuer for all of them. All state is in storage: an item is claimed
// with a lease, each attempt's outcome is written when it ends, and a restart (or another
// process) picks up whatever is due. The engine knows no kind: each registers itself (add()).
class Engine {
  public:
    Engine(storage::Store& store, const domain::Clock& clock, EngineSettings settings);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Before start(). The kind must outlive the engine.
    void add(WorkKind& kind, PoolSettings settings);

    void start();
    // Stops claiming, lets running attempts finish for up to shutdownGrace, then interrupts the
    // rest, records every outcome and joins every thread. Returns how many plugin calls are
    // still running anyway (they ignored cancellation, or hung earlier): the process must then
    // exit without unloading the plugins under them.
    int stop();

    // Work became due: wake the pool of that kind (by name), or every pool leasing from a table,
    // now rather than at their next poll.
    void wake(const std::string& kind);
    void wake(const LeaseTable& table);

    // The longest any pool's dispatcher has gone without turning its loop (zero before start):
    // what a watchdog asks before it says the engine is alive.
    std::chrono::milliseconds longestStall() const;

  private:
    int waitForAbandonedCalls() const;

    storage::Store& store_;
    const domain::Clock& clock_;
    EngineSettings settings_;
    std::string owner_;
    LeaseKeeper leases_;
    std::vector<std::unique_ptr<WorkerPool>> pools_;
    std::unique_ptr<Rescuer> rescuer_;
    bool started_ = false;
};

}  // namespace lodestone::work
