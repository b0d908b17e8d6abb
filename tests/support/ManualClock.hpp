#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>

#include "domain/Clock.hpp"

namespace lodestone::test {

// A clock that moves only when a test turns it: set() and advance() wake whoever waits on it
// (Clock::waitUntil). Safe to read and turn from any thread.
class ManualClock final : public domain::Clock {
  public:
    explicit ManualClock(domain::Timestamp start = 1'790'000'000'000) : now_(start) {}

    domain::Timestamp now() const override { return now_.load(); }
    void set(domain::Timestamp at) {
        now_ = at;
        wakeWaiters();
    }
    void advance(std::chrono::milliseconds by) {
        now_ += by.count();
        wakeWaiters();
    }

  protected:
    void waitAtMost(std::unique_lock<std::mutex>& lock, std::condition_variable& wake,
                    std::chrono::milliseconds) const override {
        {
            std::lock_guard guard(waitersMutex_);
            waiters_.insert(&wake);
        }
        // A turn between the waiter's last look at the time and this wait notifies no one: the
        // short real-time cap bounds what such a lost wake-up costs.
        wake.wait_for(lock, std::chrono::milliseconds(5));
        std::lock_guard guard(waitersMutex_);
        waiters_.erase(waiters_.find(&wake));
    }

  private:
    void wakeWaiters() {
        std::lock_guard guard(waitersMutex_);
        for (auto* waiter : waiters_) waiter->notify_all();
    }

    std::atomic<domain::Timestamp> now_;
    mutable std::mutex waitersMutex_;
    mutable std::multiset<std::condition_variable*> waiters_;
};

}  // namespace lodestone::test
