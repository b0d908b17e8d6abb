#pragma once

#include <filesystem>
#include <string>

#include "storage/StoreOptions.hpp"
#include "support/DatabaseBackdoor.hpp"

namespace lodestone::test {

// Where a test's lodestoned keeps its data. By default the SQLite file the test names; with
// LODESTONE_TEST_STORAGE=postgresql in the environment, a database of its own on the PostgreSQL
// server this test program starts (PostgresServer::shared()), so the same tests run on either.
class TestDatabase {
  public:
    // The database for a test whose SQLite file would be `sqliteFile`.
    static TestDatabase forTest(const std::filesystem::path& sqliteFile);
    // A database of its own on the PostgreSQL server, whatever the run uses: for tests of several
    // lodestoned on one database, which only PostgreSQL allows.
    static TestDatabase forSeveralDaemons();
    // Whether this run's tests use PostgreSQL.
    static bool onPostgresql();
    const std::string& dsn() const { return dsn_; }

    bool postgresql() const { return !dsn_.empty(); }
    // The keys of the config file's `storage:` section, each line indented by two spaces; two
    // lines on either database.
    std::string yaml() const;
    // As lodestonectl and the test's own store open it.
    storage::StoreOptions options() const;
    DatabaseBackdoor backdoor() const;
    // The SQLite file (a test of SQLite's own behaviour); empty on PostgreSQL.
    std::filesystem::path sqliteFile() const { return postgresql() ? "" : sqliteFile_; }

  private:
    std::filesystem::path sqliteFile_;
    std::string dsn_;
};

// Ends a test that is about SQLite itself (its file, its locks) when the run is on PostgreSQL.
#define LODESTONE_SQLITE_ONLY(why)                                                \
    do {                                                                          \
        if (::lodestone::test::TestDatabase::onPostgresql()) GTEST_SKIP() << why; \
    } while (false)

}  // namespace lodestone::test
