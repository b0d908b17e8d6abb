#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>

#include "domain/Clock.hpp"
#include "plugins/LivePlugins.hpp"
#include "storage/Store.hpp"

namespace lodestone::app {

// What GET /readyz answers: ready while the daemon is not stopping, its plugins are loaded and
// the database takes a write (a read-only or full disk passes /healthz but fails every write).
// The probe write is made at most once a second, whatever the request rate: the route needs no
// key, and under synchronous: full each write is a disk sync.
class Readiness {
  public:
    Readiness(storage::Store& store, const domain::Clock& clock,
              const plugins::LivePlugins& plugins, bool needsPlugins);

    // From now on not ready: a load balancer stops sending before the listener closes.
    void stopping() { stopping_ = true; }
    // Why the daemon is not ready, or nullopt when it is.
    std::optional<std::string> problem();

  private:
    std::optional<std::string> probeStorage();

    storage::Store& store_;
    const domain::Clock& clock_;
    const plugins::LivePlugins& plugins_;
    bool needsPlugins_;
    std::string host_;
    std::atomic<bool> stopping_{false};
    std::mutex mutex_;
    domain::Timestamp probedAt_ = 0;
    std::optional<std::string> storageProblem_;
    bool probed_ = false;
};

}  // namespace lodestone::app
