#pragma once

#include <atomic>

#include "storage/Store.hpp"
#include "storage/postgres/PgPool.hpp"

namespace lodestone::storage::postgres {

// Several lodestoned hosts on one PostgreSQL database (docs/postgresql.md). Each read and each
// write is a transaction of its own on a pooled connection: PostgreSQL takes concurrent writers
// itself, so there is no group commit as on SQLite. A write that loses to a concurrent one
// (serialization failure, deadlock) is run again, a few times, before it fails.
class PostgresStore final : public Store {
  public:
    explicit PostgresStore(const StoreOptions& options);

    void migrate(const domain::Clock& clock) override;
    int schemaVersion() override;
    int latestSchemaVersion() const override;
    std::string description() const override { return pool_.name(); }
    WriteStats writeStats() const override;
    void announceWork(const std::string& queue) override;
    std::unique_ptr<WorkListener> listenForWork(
        std::function<void(const std::string& queue)> heard) override;

  protected:
    void withRepositories(bool writing, const std::function<void(Repositories&)>& work) override;

  private:
    void transaction(bool writing, const std::function<void(Repositories&)>& work);

    std::string dsn_;
    std::string processTag_;  // in this process's announcements, which its listener skips
    PgPool pool_;
    std::atomic<std::size_t> writes_{0};
};

}  // namespace lodestone::storage::postgres
