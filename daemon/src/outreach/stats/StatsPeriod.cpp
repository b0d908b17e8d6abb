#include "outreach/stats/StatsPeriod.hpp"

#include <chrono>
#include <cstdio>

namespace lodestone::outreach::stats {
namespace {

using storage::kDayMs;

std::int64_t dayNamed(const std::string& parameter, const std::string& text) {
    const auto refuse = [&]() -> std::int64_t {
        throw InvalidStatsPeriod(
            parameter, parameter + " must be a day as YYYY-MM-DD (UTC), not \"" + text + "\"");
    };
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return refuse();
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (text[i] < '0' || text[i] > '9') return refuse();
    }
    const int year = std::stoi(text.substr(0, 4));
    const auto month = static_cast<unsigned>(std::stoi(text.substr(5, 2)));
    const auto day = static_cast<unsigned>(std::stoi(text.substr(8, 2)));
    const std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{month},
                                           std::chrono::day{day}};
    if (!date.ok()) return refuse();
    return std::chrono::sys_days(date).time_since_epoch().count();
}

}  // namespace

std::int64_t dayOf(domain::Timestamp now) {
    // Floor, so that a time before 1970 is not rounded into the next day.
    return now >= 0 ? now / kDayMs : -((-now + kDayMs - 1) / kDayMs);
}

std::string dateOf(std::int64_t day) {
    const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return text;
}

StatsPeriod readPeriod(const std::optional<std::string>& from, const std::optional<std::string>& to,
                       domain::Timestamp now) {
    const auto today = dayOf(now);
    if (!from && !to) {
        return {std::nullopt, {today - kDefaultSeriesDays + 1, today}};
    }
    const auto last = to ? dayNamed("to", *to) : today;
    const auto first = from ? dayNamed("from", *from) : last - kDefaultSeriesDays + 1;
    if (first > last) {
        throw InvalidStatsPeriod(from ? "from" : "to",
                                 "from (" + dateOf(first) + ") is after to (" + dateOf(last) + ")");
    }
    if (last - first + 1 > kLongestPeriodDays) {
        throw InvalidStatsPeriod("from", "the period from " + dateOf(first) + " to " +
                                             dateOf(last) + " is longer than " +
                                             std::to_string(kLongestPeriodDays) + " days");
    }
    const storage::DayRange days{first, last};
    return {days, days};
}

}  // namespace lodestone::outreach::stats
