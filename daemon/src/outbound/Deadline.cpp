#include "outbound/Deadline.hpp"

#include <algorithm>
#include <chrono>

namespace lodestone::outbound {
namespace {

constexpr std::int64_t kLongestWaitMs = 24 * 60 * 60 * 1000;

}  // namespace

std::int64_t nowEpochMs() {
    // Not the daemon's clock: a plugin-ABI deadline is epoch ms the plugin process reads itself.
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Deadline::Deadline(std::int64_t epochMs, const std::function<bool()>& cancelled)
    : epochMs_(epochMs), startedMs_(nowEpochMs()), cancelled_(cancelled) {}

std::int64_t Deadline::msLeft() const noexcept {
    const std::int64_t now = nowEpochMs();
    // Compared before subtracting: a deadline near the int64 limits must not overflow.
    if (epochMs_ <= now) return 0;
    if (epochMs_ - now > kLongestWaitMs) return kLongestWaitMs;
    return epochMs_ - now;
}

Poco::Timespan Deadline::socketTimeout() const noexcept {
    return Poco::Timespan(std::max<std::int64_t>(msLeft(), 1) * Poco::Timespan::MILLISECONDS);
}

void Deadline::check(const std::string& activity) const {
    if (passed() || cancelled()) throw expired(activity);
}

OutboundError Deadline::expired(const std::string& activity) const {
    if (!passed() && cancelled()) {
        return OutboundError(OutboundError::Kind::Timeout, "cancelled while " + activity);
    }
    const std::int64_t budget = epochMs_ > startedMs_ ? epochMs_ - startedMs_ : 0;
    if (budget == 0) {
        return OutboundError(OutboundError::Kind::Timeout,
                             "the deadline had passed before " + activity);
    }
    return OutboundError(OutboundError::Kind::Timeout,
                         "timed out after " + std::to_string(budget) + " ms " + activity);
}

}  // namespace lodestone::outbound
