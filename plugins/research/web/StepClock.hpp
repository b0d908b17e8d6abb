// When a research step must be done: its step_budget from the start, and in any case a little
// before the run's deadline, so that what was read comes back instead of being cut off.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>

namespace lodestone::research_web {

class StepClock {
  public:
    using Clock = std::chrono::steady_clock;

    StepClock(Clock::time_point deadline, std::function<bool()> cancelled)
        : deadline_(deadline), cancelled_(std::move(cancelled)) {}

    // `budget` from now, ending `reserve` before `runDeadlineEpochMs` if that comes first.
    static StepClock within(std::chrono::milliseconds budget, std::int64_t runDeadlineEpochMs,
                            std::chrono::milliseconds reserve, std::function<bool()> cancelled) {
        using namespace std::chrono;
        const auto now = Clock::now();
        auto deadline = now + budget;
        const std::int64_t epochNow =
            duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
        // Compared before subtracting: "no deadline" is INT64_MAX.
        if (runDeadlineEpochMs - epochNow < budget.count() + reserve.count()) {
            const std::int64_t left =
                std::max<std::int64_t>(0, runDeadlineEpochMs - epochNow - reserve.count());
            deadline = std::min(deadline, now + milliseconds(left));
        }
        return StepClock(deadline, std::move(cancelled));
    }

    Clock::time_point deadline() const noexcept { return deadline_; }
    std::chrono::milliseconds remaining() const {
        const auto left = deadline_ - Clock::now();
        return std::max(std::chrono::milliseconds(0),
                        std::chrono::duration_cast<std::chrono::milliseconds>(left));
    }
    bool cancelled() const { return cancelled_ && cancelled_(); }
    const std::function<bool()>& cancelFlag() const noexcept { return cancelled_; }

  private:
    Clock::time_point deadline_;
    std::function<bool()> cancelled_;
};

}  // namespace lodestone::research_web
