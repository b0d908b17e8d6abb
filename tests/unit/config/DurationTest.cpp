#include <gtest/gtest.h>

#include "config/Duration.hpp"

using namespace lodestone::config;
using namespace std::chrono_literals;

TEST(Duration, ParsesEachUnit) {
    EXPECT_EQ(parseDuration("500ms"), Duration(500));
    EXPECT_EQ(parseDuration("5s"), Duration(5s));
    EXPECT_EQ(parseDuration("1m"), Duration(1min));
    EXPECT_EQ(parseDuration("2h"), Duration(2h));
    EXPECT_EQ(parseDuration("90d"), Duration(90 * 24h));
    EXPECT_EQ(parseDuration("0s"), Duration(0));
}

TEST(Duration, RejectsEverythingElse) {
    for (const char* text :
         {"", "5", "s", "5 s", "-5s", "5sec", "1.5s", "5S", "1m30s", "99999999999999999999d"}) {
        EXPECT_FALSE(parseDuration(text).has_value()) << text;
    }
}

TEST(Duration, FormatsWithTheLargestExactUnit) {
    EXPECT_EQ(formatDuration(Duration(60'000)), "1m");
    EXPECT_EQ(formatDuration(Duration(90'000)), "90s");
    EXPECT_EQ(formatDuration(Duration(1500)), "1500ms");
    EXPECT_EQ(formatDuration(Duration(0)), "0s");
    EXPECT_EQ(formatDuration(Duration(7'200'000)), "2h");
}
