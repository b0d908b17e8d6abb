#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "domain/Time.hpp"

namespace lodestone::domain {

// Where the daemon reads the time and waits for it to pass, so that tests can turn a clock of
// their own instead of sleeping. Times are epoch milliseconds, as stored.
class Clock {
  public:
    virtual ~Clock() = default;
    virtual Timestamp now() const = 0;

    // As condition_variable::wait_until, in this clock's time: waits (`lock` held) until `ready`
    // holds or the clock reaches `until`, and returns ready().
    template <typename Ready>
    bool waitUntil(std::unique_lock<std::mutex>& lock, std::condition_variable& wake,
                   Timestamp until, Ready ready) const {
        while (!ready()) {
            const Timestamp left = until - now();
            if (left <= 0) return ready();
            // In slices: a wait as far off as Timestamp's max would overflow the steady clock's.
            waitAtMost(lock, wake,
                       std::chrono::milliseconds(std::min<Timestamp>(left, kLongestWait)));
        }
        return true;
    }

  protected:
    static constexpr Timestamp kLongestWait = 3'600'000;

    // One wait on `wake` of at most `left` of this clock's time; it may end sooner.
    virtual void waitAtMost(std::unique_lock<std::mutex>& lock, std::condition_variable& wake,
                            std::chrono::milliseconds left) const = 0;
};

class SystemClock final : public Clock {
  public:
    Timestamp now() const override;

  protected:
    void waitAtMost(std::unique_lock<std::mutex>& lock, std::condition_variable& wake,
                    std::chrono::milliseconds left) const override {
        wake.wait_for(lock, left);
    }
};

}  // namespace lodestone::domain
