#include <gtest/gtest.h>

#include "outreach/stats/CampaignStats.hpp"
#include "outreach/stats/StatsPeriod.hpp"

namespace lodestone::outreach::stats {
namespace {

// 2026-11-30T13:45:00Z
constexpr domain::Timestamp kNow = 1'796'046'300'000;

TEST(StatsPeriod, DaysAreUtcDaysNumberedFromTheEpoch) {
    EXPECT_EQ(dateOf(dayOf(kNow)), "2026-11-30");
    EXPECT_EQ(dateOf(0), "1970-01-01");
    EXPECT_EQ(dayOf(-1), -1) << "a moment before 1970 is on the day before";
    EXPECT_EQ(dateOf(-1), "1969-12-31");
}

TEST(StatsPeriod, WithoutFromOrToTheTotalsAreOfAllTimeAndTheSeriesTheLast30Days) {
    auto period = readPeriod(std::nullopt, std::nullopt, kNow);
    EXPECT_FALSE(period.asked);
    EXPECT_EQ(dateOf(period.series.first), "2026-11-01");
    EXPECT_EQ(dateOf(period.series.last), "2026-11-30");
}

TEST(StatsPeriod, OneEndAloneReachesToTodayOrBack30Days) {
    auto from = readPeriod("2026-11-20", std::nullopt, kNow);
    ASSERT_TRUE(from.asked);
    EXPECT_EQ(dateOf(from.asked->first), "2026-11-20");
    EXPECT_EQ(dateOf(from.asked->last), "2026-11-30");
    auto to = readPeriod(std::nullopt, "2024-03-01", kNow);
    ASSERT_TRUE(to.asked);
    EXPECT_EQ(dateOf(to.asked->first), "2024-02-01") << "a leap year's February has 29 days";
    EXPECT_EQ(to.series.first, to.asked->first);
    auto one = readPeriod("2026-02-28", "2026-02-28", kNow);
    EXPECT_EQ(one.asked->last - one.asked->first, 0);
}

TEST(StatsPeriod, WhatIsNotADayOrAPeriodIsRefusedNamingTheParameter) {
    const auto refused = [](std::optional<std::string> from, std::optional<std::string> to) {
        try {
            readPeriod(from, to, kNow);
        } catch (const InvalidStatsPeriod& invalid) {
            return invalid.parameter() + ": " + invalid.what();
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refused("2026-02-29", std::nullopt),
              "from: from must be a day as YYYY-MM-DD (UTC), not \"2026-02-29\"");
    EXPECT_EQ(refused(std::nullopt, "30/11/2026").substr(0, 4), "to: ");
    EXPECT_EQ(refused("2026-1-01", std::nullopt).substr(0, 6), "from: ");
    EXPECT_EQ(refused("+026-11-01", std::nullopt).substr(0, 6), "from: ");
    EXPECT_EQ(refused("2026-11-02", "2026-11-01"),
              "from: from (2026-11-02) is after to (2026-11-01)");
    EXPECT_EQ(refused("2025-01-01", "2026-01-02"),
              "from: the period from 2025-01-01 to 2026-01-02 is longer than 366 days");
    EXPECT_EQ(refused("2025-01-01", "2026-01-01"), "accepted") << "366 days, both ends counted";
    EXPECT_EQ(refused("2024-01-01", "2024-12-31"), "accepted") << "a leap year is 366 days";
}

TEST(StatsPeriod, RatesAreOverEmailsSentToFourPlacesAndNoneOverNothing) {
    EXPECT_FALSE(rateOf(3, 0));
    EXPECT_DOUBLE_EQ(*rateOf(1, 3), 0.3333);
    EXPECT_DOUBLE_EQ(*rateOf(0, 5), 0.0);
    EXPECT_DOUBLE_EQ(*rateOf(2, 2), 1.0);
}

}  // namespace
}  // namespace lodestone::outreach::stats
