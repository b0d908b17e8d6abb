#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace lodestone::ratelimit {

// The answer to one request: whether it may proceed, and what the X-RateLimit-* headers say.
struct Decision {
    bool allowed = false;
    int limit = 0;
    int remaining = 0;                   // requests still allowed right now, after this one
    std::int64_t resetEpochSeconds = 0;  // when the oldest counted request leaves the window
    int retryAfterSeconds = 0;           // when refused: wait this long (at least 1)
};

// Limits each bucket (an API key and a route group) to `limit` requests in any 60 seconds.
//
// A sliding window of one-second slots: a request counts against its bucket for 61 slots, so
// every accepted request stays counted for at least a full minute, and no 60-second span ever
// holds more than `limit` accepted requests (a fixed window lets twice that through around its
// boundary). The cost is at most one second of extra waiting.
class RateLimiter {
  public:
    using Clock = std::function<std::int64_t()>;  // epoch milliseconds
    // The slots a request counts in: its own second and the 60 before it.
    static constexpr int kSlots = 61;

    virtual ~RateLimiter() = default;
    // Counts the request if it is allowed. Thread-safe.
    virtual Decision take(const std::string& bucket, int limit) = 0;
};

// The window's arithmetic, wherever its counts are kept: `used` requests counted in the slots of
// the second of `nowMillis` and the 60 before, the oldest of them in `oldestSecond` (none: no
// request counted). Whether one more is allowed, and the headers' values once it is counted.
Decision decide(int used, std::optional<std::int64_t> oldestSecond, std::int64_t nowMillis,
                int limit);

// The window kept in this process's memory: right for one lodestoned (SQLite). Memory is 61
// counters per active bucket; buckets idle for a minute are dropped.
class MemoryRateLimiter final : public RateLimiter {
  public:
    explicit MemoryRateLimiter(Clock clock);

    Decision take(const std::string& bucket, int limit) override;

  private:
    struct Window {
        std::array<int, kSlots> counts{};  // slot = epoch second % kSlots
        std::int64_t newestSecond = 0;     // the second `counts` was last advanced to
    };

    static void advance(Window& window, std::int64_t second);
    static int total(const Window& window);
    void dropIdleWindows(std::int64_t second);

    Clock clock_;
    std::mutex mutex_;
    std::unordered_map<std::string, Window> windows_;
    std::int64_t lastSweep_ = 0;
};

}  // namespace lodestone::ratelimit
