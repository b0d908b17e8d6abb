#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "outreach/sequence/Sequence.hpp"

using lodestone::outreach::TimeZone;

namespace {

// The system's tz database (Debian's tzdata) answers; what is not shaped like a zone's name never
// reaches it.

TEST(TimeZoneKnown, ZonesOfTheDatabaseAreKnown) {
    for (const char* name : {"Europe/Berlin", "America/Argentina/Buenos_Aires",
                             "America/Port-au-Prince", "Etc/GMT+5", "UTC", "Etc/UTC"}) {
        EXPECT_TRUE(TimeZone::known(name)) << name;
    }
}

TEST(TimeZoneKnown, NamesAreCaseSensitiveLikeTheDatabase) {
    EXPECT_FALSE(TimeZone::known("europe/berlin"));
}

TEST(TimeZoneKnown, ANameTheDatabaseLacksIsNoZone) {
    EXPECT_FALSE(TimeZone::known("Europe/Atlantis"));
    EXPECT_FALSE(TimeZone::known("Mars/Olympus"));
    EXPECT_FALSE(TimeZone::known("Europe"));    // a folder of the database
    EXPECT_FALSE(TimeZone::known("zone.tab"));  // a file of it that is no zone
}

TEST(TimeZoneKnown, PathsOutsideTheDatabaseAreRefused) {
    for (const char* name : {"../outside", "../etc/passwd", "Europe/../../outside",
                             "/usr/share/zoneinfo/UTC", "./UTC", "../../../etc/passwd"}) {
        EXPECT_FALSE(TimeZone::known(name)) << name;
    }
}

TEST(TimeZoneKnown, TheDatabasesNonZoneEntriesAreRefused) {
    for (const char* name :
         {"posix/Europe/Berlin", "right/Europe/Berlin", "localtime", "posixrules", "Factory"}) {
        EXPECT_FALSE(TimeZone::known(name)) << name;
    }
}

TEST(TimeZoneKnown, MalformedNamesAreRefused) {
    for (const std::string& name :
         std::vector<std::string>{"", "/UTC", "UTC/", "Europe//Berlin", "Europe/Berlin ", " UTC",
                                  "Europe\\Berlin", "UTC\n", "Europe/Ber*", "-UTC", "Etc/+5",
                                  std::string("UTC\0x", 5), std::string(65, 'A')}) {
        EXPECT_FALSE(TimeZone::known(name)) << name;
    }
}

TEST(TimeZoneKnown, LoadRefusesWhatKnownRefuses) {
    for (const char* name : {"posix/Europe/Berlin", "../etc/passwd", "Europe/Atlantis"}) {
        EXPECT_THROW(TimeZone::load(name), std::invalid_argument) << name;
    }
    EXPECT_EQ(TimeZone::load("Europe/Berlin").name(), "Europe/Berlin");
}

}  // namespace
