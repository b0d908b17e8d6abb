#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
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

// Rows of about a page each, one commit per row: the log grows by a page or two a commit. Each
// commit is followed by restartIfDue, as SqliteStore's are.
void writeRows(ConnectionPool& pool, int rows, WalCheckpointer& checkpointer) {
    const std::string filler(3000, 'x');
    for (int i = 0; i < rows; ++i) {
        auto lease = pool.acquire();
        Query(lease.statements(), "BEGIN IMMEDIATE").execute();
        Query(lease.statements(), "INSERT INTO filler (text) VALUES (?)").bind(filler).execute();
        Query(lease.statements(), "COMMIT").execute();
        checkpointer.restartIfDue(lease.statements().db());
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
    WalCheckpointer checkpointer(file, 5000, 1'000'000, 1'000'000);
    ConnectionPool pool(file, std::chrono::seconds(5), 2, "normal", &checkpointer);
    createTable(pool);
    const auto before = std::filesystem::file_size(file);
    writeRows(pool, 1500, checkpointer);  // past SQLite's own mark of 1,000 pages
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
    writeRows(pool, 300, checkpointer);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (checkpointer.checkpoints() == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_GE(checkpointer.checkpoints(), 1u);
    EXPECT_GT(std::filesystem::file_size(file), before);  // pages reached the database file
}

// Readers always at work (as status polls are) and writes one after another keep a PASSIVE
// checkpoint from starting the log over; past `restartPages` the next writer empties it.
TEST(WalCheckpointer, KeepsTheLogBoundedWhileReadersNeverStop) {
    lodestone::test::TempDir dir;
    const auto file = dir.path() / "test.db";
    WalCheckpointer checkpointer(file, 5000, 50, 400);
    ConnectionPool pool(file, std::chrono::seconds(5), 4, "normal", &checkpointer);
    createTable(pool);
    std::atomic<bool> done{false};
    std::thread reader([&] {
        while (!done) {
            auto lease = pool.acquire();
            Query(lease.statements(), "BEGIN").execute();
            {
                Query count(lease.statements(), "SELECT id FROM filler ORDER BY id DESC LIMIT 1");
                count.next();
            }
            Query(lease.statements(), "COMMIT").execute();
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
    });
    std::uintmax_t largest = 0;
    for (int round = 0; round < 30; ++round) {
        writeRows(pool, 100, checkpointer);
        largest = std::max(largest, std::filesystem::file_size(dir.path() / "test.db-wal"));
    }
    done = true;
    reader.join();
    // 3,000 commits of a page or more: without restarts the log would hold all of them.
    EXPECT_GE(checkpointer.restarts(), 1u);
    EXPECT_LT(largest, 3000u * 4096u);
}
