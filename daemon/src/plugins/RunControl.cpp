#include "plugins/RunControl.hpp"

#include <algorithm>

namespace lodestone::plugins {
namespace {

std::int64_t nowMs() {
    // Not the daemon's clock: a plugin-ABI deadline is epoch ms the plugin process reads itself.
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

RunControl::RunControl(std::int64_t deadlineMs, ProgressCallback onProgress)
    : deadlineMs_(deadlineMs), onProgress_(std::move(onProgress)) {}

RunControl::RunControl(const RunControl& parent, std::int64_t deadlineMs)
    : deadlineMs_(std::min(deadlineMs, parent.deadlineMs_)),
      http_(parent.http_),
      parent_(&parent) {}

std::int64_t RunControl::deadlineIn(std::chrono::milliseconds timeout) {
    const std::int64_t now = nowMs();
    const std::int64_t count = timeout.count();
    return count >= kNoDeadline - now ? kNoDeadline : now + count;
}

bool RunControl::cancelled() const noexcept {
    if (cancelled_.load(std::memory_order_relaxed)) return true;
    if (parent_ && parent_->cancelled()) return true;
    return deadlineMs_ != kNoDeadline && nowMs() >= deadlineMs_;
}

bool RunControl::reportProgress(int percent, const std::string& note) const noexcept {
    if (parent_) return parent_->reportProgress(percent, note);
    if (!onProgress_) return true;
    try {
        onProgress_(std::clamp(percent, 0, 100), note);
        return true;
    } catch (...) {
        return false;
    }
}

}  // namespace lodestone::plugins
