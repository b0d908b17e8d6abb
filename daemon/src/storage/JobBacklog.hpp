#pragma once

#include <cstdint>
#include <vector>

#include "domain/Jobs.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// How many jobs wait and run: what the queue gauges show. Cheap enough to ask every few seconds
// and at every scrape of GET /metrics: each count is read from a partial index (jobs_claimable,
// jobs_leased), the backlog, never the finished history.
class JobBacklog {
  public:
    virtual ~JobBacklog() = default;
    // Jobs waiting for a worker (due or not: retries wait too) and jobs a worker holds.
    struct QueueDepth {
        std::int64_t waiting = 0;
        std::int64_t running = 0;
    };
    virtual QueueDepth queueDepth() = 0;
    // The jobs waiting for a worker (due or not) per kind and the step they resume at, and
    // when the earliest of them was due. Groups with no job are absent.
    struct WaitingAtStep {
        domain::JobKind kind = domain::JobKind::LeadMagnet;
        domain::StepName step = domain::StepName::Research;
        std::int64_t count = 0;
        Timestamp earliestDue = 0;
    };
    virtual std::vector<WaitingAtStep> waitingByStep() = 0;
    // The jobs a worker holds, per kind (at most as many as there are workers). Kinds with none
    // are absent.
    struct HeldOfKind {
        domain::JobKind kind = domain::JobKind::LeadMagnet;
        std::int64_t count = 0;
    };
    virtual std::vector<HeldOfKind> heldByKind() = 0;
};

}  // namespace lodestone::storage
