#include "api/SharedRateLimiter.hpp"

namespace lodestone::api {
namespace {
constexpr std::int64_t kSweepEverySeconds = 60;
}  // namespace

SharedRateLimiter::SharedRateLimiter(storage::Store& store, Clock clock)
    : store_(store), clock_(std::move(clock)) {}

ratelimit::Decision SharedRateLimiter::take(const std::string& bucket, int limit) {
    const std::int64_t nowMillis = clock_();
    const std::int64_t second = nowMillis / 1000;
    const std::int64_t firstSlot = second - kSlots + 1;
    std::int64_t swept = lastSweep_.load();
    const bool sweep =
        second - swept >= kSweepEverySeconds && lastSweep_.compare_exchange_strong(swept, second);
    return store_.write([&](storage::Repositories& repositories) {
        auto& counts = repositories.rateLimits();
        if (sweep) counts.forgetBefore(firstSlot);
        int used = 0;
        std::optional<std::int64_t> oldest;
        for (const auto& slot : counts.counts(bucket, firstSlot)) {
            used += slot.requests;
            if (!oldest) oldest = slot.second;
        }
        const auto decision = ratelimit::decide(used, oldest, nowMillis, limit);
        if (decision.allowed) counts.count(bucket, second);
        return decision;
    });
}

}  // namespace lodestone::api
