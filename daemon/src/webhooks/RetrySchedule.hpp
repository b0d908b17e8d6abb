#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::webhooks {

// When a failed delivery is tried again. The spec's policy is the first attempt at once, then
// retries 1 min, 5 min, 30 min and 2 h after the attempt before: `delays` lists those gaps
// (webhooks.retry_schedule), so a delivery gets delays.size() + 1 attempts before it is failed.
// A redelivery an operator asks for is a single attempt: it has no retries of its own.
class RetrySchedule {
  public:
    explicit RetrySchedule(std::vector<std::chrono::milliseconds> delays);

    // After attempt `attemptNumber` (1-based) failed at `failedAt`: when the next one is due,
    // or nothing when that was the last.
    std::optional<domain::Timestamp> retryAt(int attemptNumber, bool manual,
                                             domain::Timestamp failedAt) const;

    int attemptsAllowed() const { return static_cast<int>(delays_.size()) + 1; }

  private:
    std::vector<std::chrono::milliseconds> delays_;
};

}  // namespace lodestone::webhooks
