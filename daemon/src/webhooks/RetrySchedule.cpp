#include "webhooks/RetrySchedule.hpp"

namespace lodestone::webhooks {

RetrySchedule::RetrySchedule(std::vector<std::chrono::milliseconds> delays)
    : delays_(std::move(delays)) {}

std::optional<domain::Timestamp> RetrySchedule::retryAt(int attemptNumber, bool manual,
                                                        domain::Timestamp failedAt) const {
    if (manual || attemptNumber < 1) return std::nullopt;
    // A schedule shortened by a config change may leave a delivery past its end: it is done.
    if (attemptNumber > static_cast<int>(delays_.size())) return std::nullopt;
    return failedAt + delays_[static_cast<std::size_t>(attemptNumber - 1)].count();
}

}  // namespace lodestone::webhooks
