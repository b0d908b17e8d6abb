#include "work/RetryPolicy.hpp"

#include <algorithm>

#include "domain/Random.hpp"

namespace lodestone::work {
namespace {
constexpr std::chrono::milliseconds kLongestDelay = std::chrono::hours(1);
}  // namespace

std::chrono::milliseconds RetryPolicy::delay(int retryCount) const {
    auto delay = base_;
    for (int i = 0; i < retryCount && delay < kLongestDelay; ++i) delay *= 2;
    return std::min(delay, kLongestDelay);
}

std::optional<domain::Timestamp> RetryPolicy::retryAt(int retryCount, int maxRetries,
                                                      domain::Timestamp now) const {
    if (retryCount >= maxRetries) return std::nullopt;
    auto bytes = domain::secureRandomBytes(2);
    double jitter = 0.8 + 0.4 * ((bytes[0] << 8 | bytes[1]) / 65536.0);
    return now +
           static_cast<domain::Timestamp>(static_cast<double>(delay(retryCount).count()) * jitter);
}

}  // namespace lodestone::work
