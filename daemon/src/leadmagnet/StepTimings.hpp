#pragma once

#include <chrono>
#include <mutex>

#include "domain/Clock.hpp"
#include "leadmagnet/JobProgress.hpp"
#include "storage/Store.hpp"

namespace lodestone::leadmagnet {

// How long each step typically takes, from the last completed runs, for estimatedTimeRemaining.
// Re-read at most every `refresh` so status polling does not query averages on every call; the
// spec's midpoints stand in until a step has completed at least once.
class StepTimings {
  public:
    StepTimings(storage::Store& store, const domain::Clock& clock,
                std::chrono::milliseconds refresh = std::chrono::seconds(10));

    StepDurations typical();

  private:
    static constexpr int kSample = 50;

    storage::Store& store_;
    const domain::Clock& clock_;
    std::chrono::milliseconds refresh_;
    std::mutex mutex_;
    StepDurations cached_;
    domain::Timestamp fetchedAt_ = 0;
    bool fetched_ = false;
};

}  // namespace lodestone::leadmagnet
