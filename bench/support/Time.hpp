#pragma once

#include <chrono>
#include <cstdint>

namespace lodestone::bench {

// Durations the bench measures itself are on the steady clock, immune to clock adjustments.
using Clock = std::chrono::steady_clock;

inline double seconds(Clock::duration duration) {
    return std::chrono::duration<double>(duration).count();
}

inline double milliseconds(Clock::duration duration) {
    return std::chrono::duration<double, std::milli>(duration).count();
}

// Wall-clock epoch milliseconds: the unit of the daemon's own time stamps (created_at,
// finished_at), so the bench's times can be compared with them.
inline std::int64_t epochMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace lodestone::bench
