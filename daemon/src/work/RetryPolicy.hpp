#pragma once

#include <chrono>
#include <optional>

#include "domain/Time.hpp"

namespace lodestone::work {

// When a failed attempt of any kind of work is tried again: exponential back-off from `base` (base,
// 2×base, 4×base, …, at most an hour), each delay scaled by a random factor in [0.8, 1.2) so jobs
// that failed together do not all return together. No retry once `retryCount` has reached the job's
// own `maxRetries` (a job stores its own when it is created, as the status endpoints report it).
class RetryPolicy {
  public:
    explicit RetryPolicy(std::chrono::milliseconds base) : base_(base) {}

    // nullopt: the job has used its retries and fails.
    std::optional<domain::Timestamp> retryAt(int retryCount, int maxRetries,
                                             domain::Timestamp now) const;
    // The delay before retry number retryCount + 1, before jitter.
    std::chrono::milliseconds delay(int retryCount) const;

  private:
    std::chrono::milliseconds base_;
};

}  // namespace lodestone::work
