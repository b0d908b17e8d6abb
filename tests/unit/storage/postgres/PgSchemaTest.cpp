// PostgreSQL's schema is written apart from SQLite's numbered migrations (postgres/PgMigrations):
// both must leave the same tables with the same columns, at the same version, or a repository
// that works on one would fail on the other.
#include <Poco/Data/Session.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "unit/storage/postgres/PostgresBackend.hpp"
#include "unit/storage/sqlite/SqliteBackend.hpp"

namespace lodestone::storage::test {
namespace {

std::vector<std::string> sorted(std::vector<std::string> values) {
    std::sort(values.begin(), values.end());
    return values;
}

TEST(PgSchema, HasTheTablesAndColumnsOfSqlitesMigrationsAtTheSameVersion) {
    lodestone::test::TempDir dir;
    SqliteDatabase sqliteFile(dir / "var" / "lodestone.db");
    auto sqlite = sqliteFile.open();
    sqlite->migrate(domain::SystemClock());
    PostgresDatabase postgresDatabase;
    auto postgres = postgresDatabase.open();
    postgres->migrate(domain::SystemClock());
    EXPECT_EQ(postgres->schemaVersion(), sqlite->schemaVersion());
    EXPECT_EQ(postgres->latestSchemaVersion(), sqlite->latestSchemaVersion());

    std::vector<std::string> sqliteColumns;
    auto session = sqliteFile.session();
    session << "SELECT m.name || '.' || p.name FROM sqlite_master m "
               "JOIN pragma_table_info(m.name) p WHERE m.type = 'table' "
               "AND m.name NOT LIKE 'sqlite_%'",
        Poco::Data::Keywords::into(sqliteColumns), Poco::Data::Keywords::now;
    const auto postgresColumns = lodestone::test::PostgresServer::shared().texts(
        postgresDatabase.name(),
        "SELECT table_name || '.' || column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema()");
    ASSERT_GT(sqliteColumns.size(), 100u);
    EXPECT_EQ(sorted(postgresColumns), sorted(sqliteColumns));
}

TEST(PgSchema, MigratingTwiceOrFromTwoStoresAtOnceAppliesEachMigrationOnce) {
    PostgresDatabase database;
    auto first = database.open();
    auto second = database.open();
    std::thread other([&] { second->migrate(domain::SystemClock()); });
    first->migrate(domain::SystemClock());
    other.join();
    first->migrate(domain::SystemClock());
    EXPECT_EQ(database.count("SELECT COUNT(*) FROM schema_migrations"),
              first->latestSchemaVersion() - 10);  // 11 (the baseline) and each after it
    EXPECT_EQ(first->schemaVersion(), first->latestSchemaVersion());
}

}  // namespace
}  // namespace lodestone::storage::test
