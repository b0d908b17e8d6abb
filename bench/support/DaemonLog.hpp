#pragma once

#include <cstdint>
#include <optional>
#include <string>

// Reading lodestoned's log, which stamps each line "2026-11-22T10:00:00.123Z <priority>
// <source>: <text>" in UTC.
namespace lodestone::bench {

// The epoch milliseconds of the first line containing `marker`.
std::optional<std::int64_t> loggedAt(const std::string& log, const std::string& marker);

// Lines of priority warning or worse.
struct LogProblems {
    int count = 0;
    std::string first;
};

LogProblems logProblems(const std::string& log);

}  // namespace lodestone::bench
