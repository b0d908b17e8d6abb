#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "storage/sqlite/ConnectionPool.hpp"
#include "storage/sqlite/Prepared.hpp"
#include "storage/sqlite/WalCheckpointer.hpp"
#include "support/TempDir.hpp"

using namespace lodestone::storage::sqlite;

namespace {

// Rows of about a page each, one commit per row: the log grows by a page or two a commit.
void writeRows(ConnectionPool& pool, int rows) {
    const std::string filler(3000, 'x');
    for (int i = 0; i < rows; ++i) {
        auto lease = pool.acquire();
        Query(lease.statements(), "BEGIN IMMEDIATE").execute();
        Query(lease.statements(), "INSERT INTO filler (text) VALUES (?)").bind(filler).execute();
        Query(lease.statements(), "COMMIT").execute();
    }
}

void createTable(ConnectionPool& pool) {
    auto lease = pool.acquire();
    Query(lease.statements(), "CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)").execute();
}

}  // namespace

TEST(WalCheckpointer, CommitsNoLongerCopyTheLogIntoTheDatabaseThemselves) {
    lodestone::test::TempDir dir;
    const auto file = dir.path() / "test.db";
    WalCheckpointer checkpointer(file, 5000, 1'000'000);
    ConnectionPool pool(file, std::chrono::seconds(5), 2, "normal", &checkpointer);
    createTable(pool);
    const auto before = std::filesystem::file_size(file);
    writeRows(pool, 1500);  // past SQLite's own mark of 1,000 pages
    EXPECT_EQ(std::filesystem::file_size(file), before);
    EXPECT_GT(std::filesystem::file_size(dir.path() / "test.db-wal"), 1000u * 4096u);
    EXPECT_EQ(checkpointer.checkpoints(), 0u);
}

TEST(WalCheckpointer, CopiesTheLogOnItsOwnThreadOnceItPassesTheMark) {
    lodestone::test::TempDir dir;
    const auto file = dir.path() / "test.db";
    WalCheckpointer checkpointer(file, 5000, 100);
    ConnectionPool pool(file, std::chrono::seconds(5), 2, "normal", &checkpointer);
    createTable(pool);
    const auto before = std::filesystem::file_size(file);
    writeRows(pool, 300);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (checkpointer.checkpoints() == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_GE(checkpointer.checkpoints(), 1u);
    EXPECT_GT(std::filesystem::file_size(file), before);  // pages reached the database file
}
