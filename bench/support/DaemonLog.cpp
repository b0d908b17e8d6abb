#include "bench/support/DaemonLog.hpp"

#include <cstdio>
#include <ctime>
#include <sstream>

namespace lodestone::bench {

std::optional<std::int64_t> loggedAt(const std::string& log, const std::string& marker) {
    const auto found = log.find(marker);
    if (found == std::string::npos) return std::nullopt;
    const auto lineStart = log.rfind('\n', found);
    const std::string line = log.substr(lineStart == std::string::npos ? 0 : lineStart + 1, 24);
    std::tm tm{};
    int millis = 0;
    if (std::sscanf(line.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ", &tm.tm_year, &tm.tm_mon,
                    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &millis) != 7) {
        return std::nullopt;
    }
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    return static_cast<std::int64_t>(timegm(&tm)) * 1000 + millis;
}

LogProblems logProblems(const std::string& log) {
    LogProblems problems;
    std::istringstream lines(log);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string stamp, priority;
        fields >> stamp >> priority;
        if (priority == "Warning" || priority == "Error" || priority == "Critical" ||
            priority == "Fatal") {
            if (problems.count++ == 0) problems.first = line;
        }
    }
    return problems;
}

}  // namespace lodestone::bench
