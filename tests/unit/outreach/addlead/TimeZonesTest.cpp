#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "outreach/addlead/TimeZones.hpp"

using lodestone::outreach::TimeZones;
namespace fs = std::filesystem;

namespace {

// A scratch tz database: <tmp>/zoneinfo, next to <tmp>/outside for escapes to aim at.
class TimeZonesTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        base_ = fs::temp_directory_path() /
                ("lodestone-tz-" + std::to_string(::getpid()) + "-" + info->name());
        fs::remove_all(base_);
        fs::create_directories(root());
    }
    void TearDown() override { fs::remove_all(base_); }

    fs::path root() const { return base_ / "zoneinfo"; }

    void write(const fs::path& file, const std::string& content) const {
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << content;
    }
    void zone(const std::string& name) const { write(root() / name, "TZif2\0\0\0 rest"); }

    fs::path base_;
};

TEST_F(TimeZonesTest, AZoneIsANameWithATzifFile) {
    zone("Europe/Berlin");
    zone("America/Argentina/Buenos_Aires");
    zone("America/Port-au-Prince");
    zone("Etc/GMT+5");
    zone("UTC");
    TimeZones zones(root());
    EXPECT_TRUE(zones.exists("Europe/Berlin"));
    EXPECT_TRUE(zones.exists("America/Argentina/Buenos_Aires"));
    EXPECT_TRUE(zones.exists("America/Port-au-Prince"));
    EXPECT_TRUE(zones.exists("Etc/GMT+5"));
    EXPECT_TRUE(zones.exists("UTC"));
}

TEST_F(TimeZonesTest, NamesAreCaseSensitiveLikeTheDatabase) {
    zone("Europe/Berlin");
    EXPECT_FALSE(TimeZones(root()).exists("europe/berlin"));
}

TEST_F(TimeZonesTest, AMissingFileOrAFileThatIsNotTzifIsNoZone) {
    write(root() / "Europe/Notes", "just text, not a zone");
    write(root() / "Europe/Empty", "");
    write(root() / "Europe/Short", "TZ");
    TimeZones zones(root());
    EXPECT_FALSE(zones.exists("Europe/Atlantis"));
    EXPECT_FALSE(zones.exists("Europe/Notes"));
    EXPECT_FALSE(zones.exists("Europe/Empty"));
    EXPECT_FALSE(zones.exists("Europe/Short"));
}

TEST_F(TimeZonesTest, ADirectoryIsNoZone) {
    zone("Europe/Berlin");
    EXPECT_FALSE(TimeZones(root()).exists("Europe"));
}

TEST_F(TimeZonesTest, PathsOutsideTheDatabaseAreRefusedEvenWhenTheFileIsTzif) {
    write(base_ / "outside", "TZif2");
    write(base_ / "etc" / "passwd", "TZif2");
    TimeZones zones(root());
    EXPECT_FALSE(zones.exists("../outside"));
    EXPECT_FALSE(zones.exists("../etc/passwd"));
    EXPECT_FALSE(zones.exists("Europe/../../outside"));
    EXPECT_FALSE(zones.exists((base_ / "outside").string()));  // absolute
    EXPECT_FALSE(zones.exists("./UTC"));
}

TEST_F(TimeZonesTest, TheDatabasesNonZoneEntriesAreRefused) {
    for (const char* name :
         {"posix/Europe/Berlin", "right/Europe/Berlin", "localtime", "posixrules", "Factory"}) {
        zone(name);
        EXPECT_FALSE(TimeZones(root()).exists(name)) << name;
    }
}

TEST_F(TimeZonesTest, MalformedNamesAreRefused) {
    zone("UTC");
    TimeZones zones(root());
    for (const std::string& name :
         std::vector<std::string>{"", "/UTC", "UTC/", "Europe//Berlin", "Europe/Berlin ", " UTC",
                                  "Europe\\Berlin", "UTC\n", "Europe/Ber*", "-UTC", "Etc/+5",
                                  std::string("UTC\0x", 5), std::string(65, 'A')}) {
        EXPECT_FALSE(zones.exists(name)) << name;
    }
}

TEST(TimeZonesSystem, TheSystemDatabaseKnowsRealZones) {
    if (!fs::exists("/usr/share/zoneinfo/Europe/Berlin")) {
        GTEST_SKIP() << "no tz database at /usr/share/zoneinfo";
    }
    TimeZones zones;
    EXPECT_TRUE(zones.exists("Europe/Berlin"));
    EXPECT_TRUE(zones.exists("America/New_York"));
    EXPECT_TRUE(zones.exists("UTC"));
    EXPECT_TRUE(zones.exists("Etc/UTC"));
    EXPECT_FALSE(zones.exists("Mars/Olympus"));
    EXPECT_FALSE(zones.exists("localtime"));
    EXPECT_FALSE(zones.exists("zone.tab"));
    EXPECT_FALSE(zones.exists("../../../etc/passwd"));
}

}  // namespace
