#pragma once

#include <Poco/Data/Session.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace lodestone::test {

// Raw SQL on lodestoned's SQLite file, around the repositories and behind the daemon's back. The
// one place for it, kept for what the repositories cannot say: reading back what the daemon
// stored, rewinding a job to a state no repository call leads to (what a kill -9 leaves behind),
// and holding the write lock as another process would. Building state is the Factory's job.
// Each call opens its own connection and waits up to 5 s for a lock the daemon holds.
class DatabaseBackdoor {
  public:
    explicit DatabaseBackdoor(std::filesystem::path file) : file_(std::move(file)) {}

    // The first column of the first row.
    std::int64_t count(const std::string& query) const;
    std::string text(const std::string& query) const;
    void execute(const std::string& statement) const;

    // The write lock (BEGIN IMMEDIATE), held until this is destroyed.
    class WriteLock {
      public:
        explicit WriteLock(Poco::Data::Session session);
        ~WriteLock();
        WriteLock(const WriteLock&) = delete;
        WriteLock& operator=(const WriteLock&) = delete;

      private:
        Poco::Data::Session session_;
    };
    WriteLock holdWriteLock() const { return WriteLock(open()); }

  private:
    Poco::Data::Session open() const;

    std::filesystem::path file_;
};

}  // namespace lodestone::test
