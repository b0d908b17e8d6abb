#include "ratelimit/RateLimiter.hpp"

#include <chrono>

namespace lodestone::ratelimit {
namespace {
constexpr std::int64_t kSweepEverySeconds = 60;
}  // namespace

MemoryRateLimiter::MemoryRateLimiter(Clock clock) : clock_(std::move(clock)) {}

void MemoryRateLimiter::advance(Window& window, std::int64_t second) {
    if (second <= window.newestSecond) return;
    // Slots for the seconds between the last request and now have expired: empty them.
    std::int64_t gap = std::min<std::int64_t>(second - window.newestSecond, kSlots);
    for (std::int64_t s = second - gap + 1; s <= second; ++s) window.counts[s % kSlots] = 0;
    window.newestSecond = second;
}

int MemoryRateLimiter::total(const Window& window) {
    int sum = 0;
    for (int count : window.counts) sum += count;
    return sum;
}

void MemoryRateLimiter::dropIdleWindows(std::int64_t second) {
    if (second - lastSweep_ < kSweepEverySeconds) return;
    lastSweep_ = second;
    std::erase_if(windows_,
                  [&](const auto& entry) { return second - entry.second.newestSecond >= kSlots; });
}

Decision decide(int used, std::optional<std::int64_t> oldestSecond, std::int64_t nowMillis,
                int limit) {
    const std::int64_t second = nowMillis / 1000;
    Decision decision;
    decision.limit = limit;
    decision.allowed = used < limit;
    if (decision.allowed) {
        ++used;
        if (!oldestSecond) oldestSecond = second;
    }
    decision.remaining = std::max(0, limit - used);
    // The oldest counted request leaves the window kSlots seconds after its own second.
    if (oldestSecond) decision.resetEpochSeconds = *oldestSecond + RateLimiter::kSlots;
    if (!decision.allowed) {
        std::int64_t waitMillis = decision.resetEpochSeconds * 1000 - nowMillis;
        decision.retryAfterSeconds =
            static_cast<int>(std::max<std::int64_t>(1, (waitMillis + 999) / 1000));
    }
    return decision;
}

Decision MemoryRateLimiter::take(const std::string& bucket, int limit) {
    const std::int64_t nowMillis = clock_();
    const std::int64_t second = nowMillis / 1000;
    std::lock_guard lock(mutex_);
    dropIdleWindows(second);
    Window& window = windows_[bucket];
    advance(window, second);

    std::optional<std::int64_t> oldest;
    for (std::int64_t s = second - kSlots + 1; s <= second && !oldest; ++s) {
        if (window.counts[((s % kSlots) + kSlots) % kSlots] != 0) oldest = s;
    }
    const Decision decision = decide(total(window), oldest, nowMillis, limit);
    if (decision.allowed) ++window.counts[second % kSlots];
    return decision;
}

}  // namespace lodestone::ratelimit
