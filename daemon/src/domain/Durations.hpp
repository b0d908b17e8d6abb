#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace lodestone::domain {

// One spelling of durations for every document the daemon reads (the YAML configuration, a
// campaign's sequence), so an operator learns it once.
using Duration = std::chrono::milliseconds;

// "500ms", "5s", "1m", "2h", "90d": a non-negative integer and one unit. Returns nullopt for
// anything else (the caller reports where it was written).
std::optional<Duration> parseDuration(std::string_view text);

// The shortest exact spelling parseDuration accepts back ("90s" stays "90s", 60000ms is "1m").
std::string formatDuration(Duration duration);

}  // namespace lodestone::domain
