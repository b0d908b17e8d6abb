#include <Poco/DateTime.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "outreach/sequence/Sequence.hpp"

using lodestone::domain::isoUtc;
using lodestone::domain::Timestamp;
using lodestone::outreach::describe;
using lodestone::outreach::localDay;
using lodestone::outreach::nextInWindow;
using lodestone::outreach::SendingWindow;
using lodestone::outreach::TimeZone;

namespace {

constexpr Timestamp kMinute = 60'000;
constexpr Timestamp kHour = 60 * kMinute;

// An instant given in UTC.
Timestamp utc(int year, int month, int day, int hour = 0, int minute = 0) {
    return Poco::DateTime(year, month, day, hour, minute).timestamp().epochMicroseconds() / 1000;
}

SendingWindow window(std::set<int> days, int start, int end, const std::string& zone) {
    SendingWindow window;
    window.days = std::move(days);
    window.startMinute = start;
    window.endMinute = end;
    window.timezone = zone;
    return window;
}

const std::set<int> kWeekdays{0, 1, 2, 3, 4};

// Whether `at` is inside the window by the local wall clock: what nextInWindow must agree with
// away from a repeated hour. 1970-01-01 was a Thursday (3).
bool insideByWallClock(const SendingWindow& window, const TimeZone& zone, Timestamp at) {
    const Timestamp local = at + zone.offsetAt(at);
    const Timestamp day = local >= 0 ? local / (24 * kHour) : (local + 1) / (24 * kHour) - 1;
    const int weekday = static_cast<int>((day % 7 + 7 + 3) % 7);
    const Timestamp minute = (local - day * 24 * kHour) / kMinute;
    return window.days.count(weekday) && minute >= window.startMinute && minute < window.endMinute;
}

// Every quarter hour of a week: nextInWindow agrees with a minute-by-minute search.
void expectAgreesWithSearch(const SendingWindow& window, Timestamp weekStart) {
    const auto zone = TimeZone::load(window.timezone);
    for (Timestamp at = weekStart; at < weekStart + 7 * 24 * kHour; at += 15 * kMinute) {
        Timestamp expected = at;
        while (!insideByWallClock(window, zone, expected)) expected += kMinute;
        ASSERT_EQ(isoUtc(nextInWindow(window, zone, at)), isoUtc(expected))
            << "at " << isoUtc(at) << " in " << describe(window);
    }
}

TEST(TimeZone, LoadsZonesFromTheSystemDatabase) {
    EXPECT_EQ(TimeZone::load("Europe/London").name(), "Europe/London");
    EXPECT_EQ(TimeZone::load("Europe/London").offsetAt(utc(2025, 1, 15)), 0);
    EXPECT_EQ(TimeZone::load("Europe/London").offsetAt(utc(2025, 7, 15)), kHour);
    EXPECT_EQ(TimeZone::load("America/New_York").offsetAt(utc(2025, 1, 15)), -5 * kHour);
    EXPECT_EQ(TimeZone::load("America/New_York").offsetAt(utc(2025, 7, 15)), -4 * kHour);
    EXPECT_EQ(TimeZone::load("Asia/Kolkata").offsetAt(utc(2025, 7, 15)), 5 * kHour + 30 * kMinute);
    EXPECT_EQ(TimeZone::load("UTC").offsetAt(utc(2025, 7, 15)), 0);
    const auto copy = TimeZone::load("Asia/Kolkata");
    TimeZone assigned = TimeZone::load("UTC");
    assigned = copy;
    EXPECT_EQ(assigned.name(), "Asia/Kolkata");
}

TEST(TimeZone, RefusesUnknownZonesByName) {
    try {
        TimeZone::load("Mars/Olympus_Mons");
        FAIL() << "loaded";
    } catch (const std::invalid_argument& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("unknown time zone \"Mars/Olympus_Mons\""));
    }
    EXPECT_THROW(TimeZone::load(""), std::invalid_argument);
}

TEST(LocalDay, IsTwentyFourHoursOnAnOrdinaryDay) {
    const auto london = TimeZone::load("Europe/London");
    EXPECT_EQ(localDay(london, utc(2025, 7, 15, 12)),
              std::make_pair(utc(2025, 7, 14, 23), utc(2025, 7, 15, 23)));
    // The bounds: the first millisecond belongs to the day, the end to the next.
    EXPECT_EQ(localDay(london, utc(2025, 7, 14, 23)).first, utc(2025, 7, 14, 23));
    EXPECT_EQ(localDay(london, utc(2025, 7, 14, 23) - 1).second, utc(2025, 7, 14, 23));
    EXPECT_EQ(localDay(TimeZone::load("Asia/Kolkata"), utc(2025, 6, 15, 12)),
              std::make_pair(utc(2025, 6, 14, 18, 30), utc(2025, 6, 15, 18, 30)));
}

TEST(LocalDay, IsTwentyThreeOrTwentyFiveHoursWhenTheClockChanges) {
    const auto london = TimeZone::load("Europe/London");
    EXPECT_EQ(localDay(london, utc(2025, 3, 30, 12)),
              std::make_pair(utc(2025, 3, 30, 0), utc(2025, 3, 30, 23)));
    EXPECT_EQ(localDay(london, utc(2025, 10, 26, 12)),
              std::make_pair(utc(2025, 10, 25, 23), utc(2025, 10, 27, 0)));
    // In the repeated hour (01:00-02:00 twice on 26 October), both passes are the same day.
    EXPECT_EQ(localDay(london, utc(2025, 10, 26, 0, 30)).first, utc(2025, 10, 25, 23));
    EXPECT_EQ(localDay(london, utc(2025, 10, 26, 1, 30)).first, utc(2025, 10, 25, 23));
    const auto newYork = TimeZone::load("America/New_York");
    EXPECT_EQ(localDay(newYork, utc(2025, 3, 9, 12)),
              std::make_pair(utc(2025, 3, 9, 5), utc(2025, 3, 10, 4)));
    EXPECT_EQ(localDay(newYork, utc(2025, 11, 2, 12)),
              std::make_pair(utc(2025, 11, 2, 4), utc(2025, 11, 3, 5)));
}

TEST(NextInWindow, ReturnsAnInstantInsideTheWindowItself) {
    const auto w = window(kWeekdays, 9 * 60, 17 * 60 + 30, "Europe/London");
    const auto london = TimeZone::load(w.timezone);
    const Timestamp tuesdayMorning = utc(2025, 7, 15, 9, 17) + 123;  // 10:17 BST
    EXPECT_EQ(nextInWindow(w, london, tuesdayMorning), tuesdayMorning);
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 7, 15, 8)), utc(2025, 7, 15, 8));  // 09:00 BST
    // 17:30 is the end: closed.
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 7, 15, 16, 30)), utc(2025, 7, 16, 8));
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 7, 15, 16, 30) - 1), utc(2025, 7, 15, 16, 30) - 1);
}

TEST(NextInWindow, SkipsTheWeekend) {
    const auto w = window(kWeekdays, 9 * 60, 17 * 60 + 30, "Europe/London");
    const auto london = TimeZone::load(w.timezone);
    // Friday 18 July 2025, 18:00 BST -> Monday 21 July 09:00 BST.
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 7, 18, 17)), utc(2025, 7, 21, 8));
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 7, 19, 12)), utc(2025, 7, 21, 8));
}

TEST(NextInWindow, FollowsLondonAcrossBothClockChanges) {
    // Weeks holding the last Sunday of March and of October 2025; both windows open on Sunday.
    for (const auto& w : {window(kWeekdays, 9 * 60, 17 * 60 + 30, "Europe/London"),
                          window({0, 2, 4, 6}, 8 * 60, 20 * 60, "Europe/London"),
                          window({6, 0}, 0, 24 * 60, "Europe/London")}) {
        expectAgreesWithSearch(w, utc(2025, 3, 26));
        expectAgreesWithSearch(w, utc(2025, 10, 22));
    }
}

TEST(NextInWindow, FollowsNewYorkAndKolkata) {
    expectAgreesWithSearch(window(kWeekdays, 9 * 60, 17 * 60, "America/New_York"), utc(2025, 3, 5));
    expectAgreesWithSearch(window(kWeekdays, 9 * 60, 17 * 60, "America/New_York"),
                           utc(2025, 10, 29));
    expectAgreesWithSearch(window({0, 1, 2, 3, 4, 5}, 9 * 60 + 45, 18 * 60, "Asia/Kolkata"),
                           utc(2025, 6, 10));
    const auto newYork = TimeZone::load("America/New_York");
    // Friday 7 March 2025, 17:00 EST -> Monday 10 March 09:00 EDT (13:00 UTC, an hour earlier).
    EXPECT_EQ(nextInWindow(window(kWeekdays, 9 * 60, 17 * 60, "America/New_York"), newYork,
                           utc(2025, 3, 7, 22)),
              utc(2025, 3, 10, 13));
    // 08:30 IST on a Monday -> 09:00 IST, 03:30 UTC.
    EXPECT_EQ(nextInWindow(window(kWeekdays, 9 * 60, 17 * 60, "Asia/Kolkata"),
                           TimeZone::load("Asia/Kolkata"), utc(2025, 6, 16, 3)),
              utc(2025, 6, 16, 3, 30));
}

TEST(NextInWindow, MovesAStartInTheSkippedHourForward) {
    // 01:30 does not exist in London on 30 March 2025 (01:00 GMT becomes 02:00 BST): the window
    // opens with the first instant after the gap.
    const auto w = window({0, 1, 2, 3, 4, 5, 6}, 90, 3 * 60, "Europe/London");
    const auto london = TimeZone::load(w.timezone);
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 3, 29, 23)), utc(2025, 3, 30, 1));
    // A window wholly inside the gap has no time that day: the next Sunday's.
    const auto gapOnly = window({6}, 60, 2 * 60, "Europe/London");
    EXPECT_EQ(nextInWindow(gapOnly, london, utc(2025, 3, 29, 12)), utc(2025, 4, 6, 0));
}

TEST(NextInWindow, TakesTheEarlierPassOfTheRepeatedHour) {
    // 01:30 happens twice in London on 26 October 2025: 00:30 UTC (BST) and 01:30 UTC (GMT).
    const auto w = window({6}, 90, 3 * 60, "Europe/London");
    const auto london = TimeZone::load(w.timezone);
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 10, 25, 12)), utc(2025, 10, 26, 0, 30));
    // Open from there until 03:00 GMT, through both passes of the hour.
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 10, 26, 1, 10)), utc(2025, 10, 26, 1, 10));
    EXPECT_EQ(nextInWindow(w, london, utc(2025, 10, 26, 3)), utc(2025, 11, 2, 1, 30));
}

TEST(NextInWindow, HandlesWindowsEndingAtMidnight) {
    const auto w = window(kWeekdays, 22 * 60, 24 * 60, "UTC");
    const auto zone = TimeZone::load("UTC");
    // Friday 18 July 2025.
    EXPECT_EQ(nextInWindow(w, zone, utc(2025, 7, 18, 23, 59)), utc(2025, 7, 18, 23, 59));
    EXPECT_EQ(nextInWindow(w, zone, utc(2025, 7, 19)), utc(2025, 7, 21, 22));
    const SendingWindow always;
    EXPECT_EQ(nextInWindow(always, zone, utc(2025, 7, 19, 3, 7)), utc(2025, 7, 19, 3, 7));
    // Midnight on the day the clocks go forward in London.
    const auto late = window({5}, 23 * 60, 24 * 60, "Europe/London");
    EXPECT_EQ(nextInWindow(late, TimeZone::load("Europe/London"), utc(2025, 3, 29, 23, 59)),
              utc(2025, 3, 29, 23, 59));
    EXPECT_EQ(nextInWindow(late, TimeZone::load("Europe/London"), utc(2025, 3, 30)),
              utc(2025, 4, 5, 22));
}

TEST(NextInWindow, RefusesAWindowWithoutDaysOrHours) {
    const auto zone = TimeZone::load("UTC");
    EXPECT_THROW(nextInWindow(window({}, 0, 60, "UTC"), zone, 0), std::invalid_argument);
    EXPECT_THROW(nextInWindow(window({0}, 60, 60, "UTC"), zone, 0), std::invalid_argument);
    EXPECT_THROW(nextInWindow(window({7}, 0, 60, "UTC"), zone, 0), std::invalid_argument);
}

TEST(SendingWindowDescription, NamesDaysHoursAndZone) {
    EXPECT_EQ(describe(window(kWeekdays, 9 * 60, 17 * 60 + 30, "Europe/London")),
              "Mon-Fri 09:00-17:30 Europe/London");
    EXPECT_EQ(describe(SendingWindow{}), "every day 00:00-24:00 UTC");
    EXPECT_EQ(describe(window({0, 2, 4}, 0, 60, "UTC")), "Mon, Wed, Fri 00:00-01:00 UTC");
    EXPECT_EQ(describe(window({0, 1, 2, 5, 6}, 0, 60, "UTC")), "Mon-Wed, Sat, Sun 00:00-01:00 UTC");
}

}  // namespace
