#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>

#include "bench/support/DaemonLog.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/RunDir.hpp"
#include "bench/support/Time.hpp"

// One lodestoned of a run from the bench's side: waiting for what it should get done, and how it
// ended.
namespace lodestone::bench {

// One lodestoned run of the bench: how it ended and what it logged.
struct PhaseEnd {
    std::string name;
    DaemonExit exit;
    LogProblems problems;
};

// Stops the phase's daemon; with --keep, its log stays in the run directory under the phase's
// name.
PhaseEnd endPhase(lodestone::test::ChildProcess& daemon, const std::string& name, const RunDir& dir,
                  bool keep);

// Polls `done` every 20 ms until it holds; `progress` must change at least every stallSeconds.
// Returns the abort reason, if any.
template <typename DoneFn, typename ProgressFn>
std::optional<std::string> waitFor(lodestone::test::ChildProcess& daemon, int stallSeconds,
                                   const std::string& what, DoneFn done, ProgressFn progress) {
    std::int64_t last = -1;
    auto lastAt = Clock::now();
    while (true) {
        if (done()) return std::nullopt;
        if (!daemon.running()) return "lodestoned exited while waiting for " + what;
        const std::int64_t now = progress();
        if (now != last) {
            last = now;
            lastAt = Clock::now();
        } else if (Clock::now() - lastAt > std::chrono::seconds(stallSeconds)) {
            return "no progress for " + std::to_string(stallSeconds) + " s while waiting for " +
                   what + " (at " + std::to_string(now) + ")";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace lodestone::bench
