#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <string>

#include "storage/sqlite/ConnectionPool.hpp"
#include "storage/sqlite/Prepared.hpp"
#include "support/TempDir.hpp"

using namespace lodestone::storage::sqlite;

namespace {

// SQLite's temporary files (statement journals among them) are deleted as soon as they are
// opened, so only this process's open descriptors show them.
int openTemporaryFiles() {
    int found = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
        std::array<char, 4096> target{};
        const auto length = ::readlink(entry.path().c_str(), target.data(), target.size() - 1);
        if (length > 0 && std::string(target.data(), length).find("etilqs_") != std::string::npos)
            ++found;
    }
    return found;
}

}  // namespace

// The group commit runs each write of a shared transaction in a savepoint; a write that changes
// more than 64 KiB of existing pages used to have them copied to a temporary file.
TEST(ConnectionPool, KeepsAWritesStatementJournalInMemory) {
    lodestone::test::TempDir dir;
    ConnectionPool pool(dir.path() / "journal.db", std::chrono::milliseconds(5000), 1, "NORMAL");
    auto lease = pool.acquire();
    auto& statements = lease.statements();
    Query(statements, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").execute();
    Query(statements, "BEGIN").execute();
    const std::string body(1000, 'a');
    for (int i = 0; i < 400; ++i) {  // about 100 pages
        Query(statements, "INSERT INTO notes (body) VALUES (?)").bind(body).execute();
    }
    Query(statements, "COMMIT").execute();

    Query(statements, "BEGIN IMMEDIATE").execute();
    Query(statements, "SAVEPOINT one_write").execute();
    Query(statements, "UPDATE notes SET body = upper(body)").execute();
    EXPECT_EQ(openTemporaryFiles(), 0);
    // The journal still undoes the write alone.
    Query(statements, "ROLLBACK TO one_write").execute();
    Query(statements, "RELEASE one_write").execute();
    Query(statements, "COMMIT").execute();
    Query read(statements, "SELECT COUNT(*) AS changed FROM notes WHERE body <> ?");
    EXPECT_EQ(read.bind(body)
                  .firstRow([](const auto& row) { return row.integer("changed"); })
                  .value_or(-1),
              0);
}

// A connection is leased to one thread at a time, so it runs without a mutex of its own (which
// every call, down to each column read, would otherwise take and release).
TEST(ConnectionPool, ConnectionsHaveNoMutexOfTheirOwn) {
    lodestone::test::TempDir dir;
    ConnectionPool pool(dir.path() / "mutex.db", std::chrono::milliseconds(5000), 1, "NORMAL");
    auto lease = pool.acquire();
    EXPECT_EQ(sqlite3_db_mutex(lease.statements().db()), nullptr);
}
