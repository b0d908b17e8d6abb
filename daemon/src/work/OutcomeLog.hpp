#pragma once

#include <optional>
#include <string>

#include "domain/Time.hpp"

namespace lodestone::work {

// How a log line about a failed attempt ends: "will retry at 2026-11-22T09:30:00.123Z", "no
// retries left: failed" or "not retryable: failed".
std::string whatComesNext(const std::optional<domain::Timestamp>& retryAt, bool retryable = true);

}  // namespace lodestone::work
