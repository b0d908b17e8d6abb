#pragma once

#include <span>

#include "storage/CommitGroup.hpp"
#include "storage/Store.hpp"
#include "storage/sqlite/ConnectionPool.hpp"

namespace lodestone::storage::sqlite {

// The embedded default: one SQLite file in WAL mode, shared safely by lodestoned's threads and
// by lodestonectl in another process.
class SqliteStore final : public Store {
  public:
    explicit SqliteStore(const StoreOptions& options);

    void migrate(const domain::Clock& clock) override;
    int schemaVersion() override;
    int latestSchemaVersion() const override;
    std::string description() const override { return "database " + path_.string(); }

    WriteStats writeStats() const override;

  protected:
    void withRepositories(bool writing, const std::function<void(Repositories&)>& work) override;

  private:
    void read(const std::function<void(Repositories&)>& work);
    void commitBatch(std::span<CommitGroup::Write*> batch);
    void runBatch(ConnectionPool::Lease& lease, std::span<CommitGroup::Write*> batch);

    std::filesystem::path path_;
    // Before the pool: its connections report to it until they close.
    WalCheckpointer checkpointer_;
    ConnectionPool pool_;
    // This process's writers share transactions (CommitGroup) instead of each waiting for
    // SQLite's one write lock; only writers in other processes (lodestonectl) still meet the
    // busy timeout.
    CommitGroup writes_;
};

}  // namespace lodestone::storage::sqlite
