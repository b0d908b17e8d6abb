#pragma once

#include <Poco/Timespan.h>

#include <cstdint>
#include <functional>
#include <string>

#include "outbound/OutboundError.hpp"

namespace lodestone::outbound {

std::int64_t nowEpochMs();

// One request's deadline, in epoch milliseconds as RunControl keeps it, and its caller's
// "give up" flag. Every blocking step asks it how long it may wait.
class Deadline {
  public:
    // `cancelled` may be empty; it must outlive the Deadline and may be called from the
    // watchdog's thread.
    Deadline(std::int64_t epochMs, const std::function<bool()>& cancelled);

    // Milliseconds left, 0 once passed. Capped at a day, so "no deadline" still fits a socket
    // timeout.
    std::int64_t msLeft() const noexcept;
    bool passed() const noexcept { return msLeft() == 0; }
    bool cancelled() const { return cancelled_ && cancelled_(); }

    // The time left as a socket timeout. Call check() first: a zero timeout would mean "wait
    // forever" to the socket, so this never returns less than a millisecond.
    Poco::Timespan socketTimeout() const noexcept;

    // Throws expired(activity) once the deadline has passed or the caller gave up.
    void check(const std::string& activity) const;
    // The Timeout error for giving up during `activity`, e.g. "waiting for the response from
    // example.com:443": "timed out after 5000 ms waiting for ..." or "cancelled while ...".
    OutboundError expired(const std::string& activity) const;

  private:
    std::int64_t epochMs_;
    std::int64_t startedMs_;
    const std::function<bool()>& cancelled_;
};

}  // namespace lodestone::outbound
