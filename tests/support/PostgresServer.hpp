#pragma once

#include <sys/types.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/Process.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {

// SQL on the database `dsn` names, each call on a connection of its own: a statement (or several
// separated by semicolons); the first column of every row, as text ("" for NULL); the first
// column of the first row as an integer (0 for none or NULL, 1 and 0 for true and false).
void executeAt(const std::string& dsn, const std::string& sql);
std::vector<std::string> textsAt(const std::string& dsn, const std::string& query);
std::int64_t countAt(const std::string& dsn, const std::string& query);

// A real PostgreSQL server (Debian's postgresql) for the tests: a cluster made with initdb in a
// temporary directory, started with pg_ctl on a free loopback port, reached over TCP on
// 127.0.0.1 only, and stopped (its files removed) when this is destroyed. PostgreSQL refuses to
// run as root: under root the cluster belongs to, and the server runs as, the `postgres` user
// the package makes (else `nobody`).
//
// Durability is switched off (fsync, synchronous_commit, full_page_writes): these are
// throw-away databases, and the tests measure behaviour, not disks.
class PostgresServer {
  public:
    PostgresServer();
    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    std::uint16_t port() const { return port_; }
    // A libpq connection string for `database` as the cluster's superuser.
    std::string dsn(const std::string& database) const;
    // Creates an empty database and returns its name (lodestone_test_1, _2, ...).
    std::string createDatabase();
    // Drops a database, closing whatever connections it still has.
    void dropDatabase(const std::string& database);
    // Runs SQL on `database` (a statement, or several separated by semicolons).
    void execute(const std::string& database, const std::string& sql) const;
    // The first column of every row of a query on `database`, as text.
    std::vector<std::string> texts(const std::string& database, const std::string& query) const;
    // The first column of the first row of a query on `database`, as an integer (0 for NULL).
    std::int64_t count(const std::string& database, const std::string& query) const;

    // The folder of Debian's newest PostgreSQL programs (/usr/lib/postgresql/15/bin), or empty
    // when the server is not installed.
    static std::filesystem::path programs();

    // One server for the whole test program, started on first use and stopped at exit, so that
    // each test pays for a database, not a cluster.
    static PostgresServer& shared();

  private:
    void run(const std::string& program, const std::vector<std::string>& args) const;
    void start();
    void makeCluster();
    static void copyTree(const std::filesystem::path& from, const std::filesystem::path& to);

    TempDir dir_;
    std::filesystem::path programs_;
    std::string runAs_;  // empty: as this process's user
    uid_t uid_ = 0;
    gid_t gid_ = 0;
    std::uint16_t port_ = 0;
    std::atomic<int> databases_{0};
    bool started_ = false;
};

}  // namespace lodestone::test
