#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "domain/Time.hpp"
#include "storage/CampaignStatsRepository.hpp"

namespace lodestone::outreach::stats {

// The days a campaign's numbers are asked for (UTC, both ends counted).
struct StatsPeriod {
    // What `from`/`to` asked for; none: the totals are of all time.
    std::optional<storage::DayRange> asked;
    // The days of the daily series: the period asked for, else the last 30 days.
    storage::DayRange series;
};

// A `from` or `to` that is not a day, or a period that is not one; names the parameter at fault.
class InvalidStatsPeriod : public std::invalid_argument {
  public:
    InvalidStatsPeriod(std::string parameter, const std::string& message)
        : std::invalid_argument(message), parameter_(std::move(parameter)) {}
    const std::string& parameter() const { return parameter_; }

  private:
    std::string parameter_;
};

inline constexpr int kDefaultSeriesDays = 30;
inline constexpr int kLongestPeriodDays = 366;

// From the optional `from` and `to` (YYYY-MM-DD): one alone reaches to today, or back 30 days.
StatsPeriod readPeriod(const std::optional<std::string>& from, const std::optional<std::string>& to,
                       domain::Timestamp now);

// The day number of `now`, and a day as "2026-11-30".
std::int64_t dayOf(domain::Timestamp now);
std::string dateOf(std::int64_t day);

}  // namespace lodestone::outreach::stats
