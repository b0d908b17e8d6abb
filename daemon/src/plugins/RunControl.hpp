#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "plugins/HttpGateway.hpp"

namespace lodestone::plugins {

// The caller's side of one plugin run: when to give up, a flag to give up early from another
// thread, and where progress goes. The caller owns it and keeps it alive until run() returns;
// a worker with a timeout sets the deadline, and a watchdog or shutdown calls cancel().
class RunControl {
  public:
    // Called on the thread running the plugin (or one it started), so keep it short.
    using ProgressCallback = std::function<void(int percent, const std::string& note)>;
    static constexpr std::int64_t kNoDeadline = std::numeric_limits<std::int64_t>::max();

    explicit RunControl(std::int64_t deadlineMs = kNoDeadline, ProgressCallback onProgress = {});
    // A part of `parent`'s run (one instance of a research waterfall) with a deadline of its own,
    // no later than the parent's: cancelled when the parent is, its progress and HTTP the
    // parent's. `parent` must outlive it.
    RunControl(const RunControl& parent, std::int64_t deadlineMs);
    // A deadline `timeout` from now.
    static std::int64_t deadlineIn(std::chrono::milliseconds timeout);

    RunControl(const RunControl&) = delete;
    RunControl& operator=(const RunControl&) = delete;

    void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
    // True once cancel() was called or the deadline has passed: either way nobody waits for
    // the result any more, so the plugin should stop.
    bool cancelled() const noexcept;
    std::int64_t deadlineMs() const noexcept { return deadlineMs_; }

    // Clamps to 0-100; a throwing callback is reported as false (the plugin must never see it).
    bool reportProgress(int percent, const std::string& note) const noexcept;

    // Outbound HTTP for this run; none (the default) refuses the plugin's http_request calls.
    // The gateway must outlive the run.
    void allowHttp(const HttpGateway* gateway) noexcept { http_ = gateway; }
    const HttpGateway* http() const noexcept { return http_; }

  private:
    std::int64_t deadlineMs_;
    ProgressCallback onProgress_;
    std::atomic<bool> cancelled_{false};
    const HttpGateway* http_ = nullptr;
    const RunControl* parent_ = nullptr;
};

}  // namespace lodestone::plugins
