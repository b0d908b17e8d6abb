#pragma once

#include <atomic>
#include <memory>

namespace lodestone::work {

// The plugin call a worker makes on its own thread, as the pool's dispatcher watches it. When
// the call overruns its deadline (or a stop interrupts it), the dispatcher takes the attempt
// over and leaves the thread behind: a hung call cannot be killed, only left to finish on its
// own. The worker's return and the dispatcher's take-over race; whichever comes first decides,
// so an attempt is concluded exactly once.
class CallWatch {
  public:
    // `leftBehindCalls` counts the calls taken over that have not returned yet.
    explicit CallWatch(std::shared_ptr<std::atomic<int>> leftBehindCalls)
        : leftBehindCalls_(std::move(leftBehindCalls)) {}

    // The worker, just before the call: false when a stop came first (the call must not start).
    bool starting() {
        int expected = kIdle;
        return state_.compare_exchange_strong(expected, kInCall);
    }
    // The worker, once the call returned: true while the attempt is still the worker's; false
    // when the dispatcher took it over, after which the worker's thread must end without
    // touching the pool (it may be gone) once it let go of the call.
    bool returned() {
        int expected = kInCall;
        return state_.compare_exchange_strong(expected, kIdle);
    }
    // The dispatcher (or a stop): takes the attempt over if its call is in flight.
    bool takeOver() {
        int expected = kInCall;
        if (!state_.compare_exchange_strong(expected, kTakenOver)) return false;
        ++*leftBehindCalls_;
        return true;
    }
    // A stop, for a worker not in a call: it will not start one.
    void stop() {
        int expected = kIdle;
        state_.compare_exchange_strong(expected, kStopped);
    }
    bool inCall() const { return state_.load() == kInCall; }
    // The left-behind thread, once it let go of everything the call held.
    void leftBehindCallReturned() { --*leftBehindCalls_; }

  private:
    static constexpr int kIdle = 0;
    static constexpr int kInCall = 1;
    static constexpr int kTakenOver = 2;
    static constexpr int kStopped = 3;
    std::atomic<int> state_{kIdle};
    std::shared_ptr<std::atomic<int>> leftBehindCalls_;
};

}  // namespace lodestone::work
