// `lodestonectl backup` on a database no daemon uses; tests/integration/BackupTest.cpp backs up
// one a running lodestoned writes to.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;

namespace {

class Backup : public test::CtlFixture {
  protected:
    // The organisations' names in the SQLite file at `path`, read with SQLite itself.
    static std::vector<std::string> organisationsIn(const std::filesystem::path& path) {
        sqlite3* db = nullptr;
        std::vector<std::string> names;
        EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt* statement = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db, "SELECT name FROM organisations ORDER BY name", -1,
                                     &statement, nullptr),
                  SQLITE_OK)
            << sqlite3_errmsg(db);
        while (statement && sqlite3_step(statement) == SQLITE_ROW) {
            names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
        }
        sqlite3_finalize(statement);
        sqlite3_close(db);
        return names;
    }
};

}  // namespace

TEST_F(Backup, CopiesTheDatabaseToAPrivateStandaloneFile) {
    newOrg("Acme");
    auto target = dir_ / "backup.db";
    auto outcome = run({"backup", target.string()});
    ASSERT_EQ(outcome.code, 0) << outcome.err;
    EXPECT_EQ(outcome.json()->getValue<std::string>("file"), target.string());
    EXPECT_GT(outcome.json()->getValue<Poco::Int64>("bytes"), 0);
    EXPECT_EQ(organisationsIn(target), std::vector<std::string>{"Acme"});

    struct stat info {};
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u) << "it holds webhook secrets and key hashes";
    EXPECT_FALSE(std::filesystem::exists(target.string() + "-wal")) << "not left in WAL mode";
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos)
            << "temporary file left behind: " << entry.path();
    }
}

TEST_F(Backup, RefusesToOverwriteUnlessForced) {
    newOrg("Acme");
    auto target = dir_ / "backup.db";
    std::ofstream(target) << "precious";
    auto refused = run({"backup", target.string()});
    EXPECT_EQ(refused.code, 1);
    EXPECT_THAT(refused.err, HasSubstr("already exists (pass --force to overwrite it)"));
    std::ifstream kept(target);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), {}), "precious");

    auto forced = run({"backup", target.string(), "--force"});
    EXPECT_EQ(forced.code, 0) << forced.err;
    EXPECT_EQ(organisationsIn(target), std::vector<std::string>{"Acme"});
}

TEST_F(Backup, NeedsExactlyOneFileAndAnExistingDatabase) {
    EXPECT_EQ(run({"backup"}).code, 64);
    EXPECT_EQ(run({"backup", "a.db", "b.db"}).code, 64);
    auto none = run({"backup", (dir_ / "backup.db").string()});
    EXPECT_EQ(none.code, 1);
    EXPECT_THAT(none.err, HasSubstr("there is no database at"));
    EXPECT_FALSE(std::filesystem::exists(dir_ / "var" / "lodestone.db"))
        << "backup creates no database";
    auto nowhere = run({"backup", (dir_ / "no-such-folder" / "backup.db").string()});
    EXPECT_EQ(nowhere.code, 1);
}

TEST_F(Backup, LeavesTheSchemaAsItIs) {
    // A backup taken before an upgrade must be of the old schema: backup migrates nothing. An
    // empty SQLite file stands for a database of some older schema here.
    std::filesystem::create_directories(dir_ / "var");
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "var" / "lodestone.db").c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE old_table (x)", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    auto target = dir_ / "backup.db";
    ASSERT_EQ(run({"backup", target.string()}).code, 0);
    ASSERT_EQ(sqlite3_open_v2(target.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "SELECT 1 FROM organisations", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
}
