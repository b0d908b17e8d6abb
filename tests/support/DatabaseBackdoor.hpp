#pragma once

#include <Poco/Data/Session.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

struct pg_conn;

namespace lodestone::test {

// Raw SQL on lodestoned's database (its SQLite file, or its PostgreSQL database), around the
// repositories and behind the daemon's back. The one place for it, kept for what the repositories
// cannot say: reading back what the daemon stored, rewinding a job to a state no repository call
// leads to (what a kill -9 leaves behind), and holding the write lock as another process would.
// Building state is the Factory's job. Each call opens its own connection and waits up to 5 s for a
// lock the daemon holds. The SQL a test writes must mean the same on both databases
// (TestDatabase.hpp).
class DatabaseBackdoor {
  public:
    explicit DatabaseBackdoor(std::filesystem::path file) : file_(std::move(file)) {}
    static DatabaseBackdoor postgresql(std::string dsn) {
        DatabaseBackdoor backdoor("");
        backdoor.dsn_ = std::move(dsn);
        return backdoor;
    }

    // The first column of the first row.
    std::int64_t count(const std::string& query) const;
    std::string text(const std::string& query) const;
    void execute(const std::string& statement) const;

    // The database's writes held off until this is destroyed, as another writer would: SQLite's
    // write lock (BEGIN IMMEDIATE); on PostgreSQL, every table locked IN EXCLUSIVE MODE (reads
    // go on, writes wait).
    class WriteLock {
      public:
        explicit WriteLock(Poco::Data::Session session);
        explicit WriteLock(std::shared_ptr<pg_conn> connection);
        ~WriteLock();
        WriteLock(const WriteLock&) = delete;
        WriteLock& operator=(const WriteLock&) = delete;

      private:
        std::optional<Poco::Data::Session> session_;
        std::shared_ptr<pg_conn> connection_;  // closing it ends the transaction and its locks
    };
    WriteLock holdWriteLock() const;

  private:
    Poco::Data::Session open() const;

    std::filesystem::path file_;
    std::string dsn_;  // set: PostgreSQL
};

}  // namespace lodestone::test
