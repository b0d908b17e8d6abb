#pragma once

#include <mutex>

#include "storage/Store.hpp"
#include "storage/sqlite/ConnectionPool.hpp"

namespace lodestone::storage::sqlite {

// The embedded default: one SQLite file in WAL mode, shared safely by lodestoned's threads and
// by lodestonectl in another process.
class SqliteStore final : public Store {
  public:
    explicit SqliteStore(const StoreOptions& options);

    void migrate() override;
    int schemaVersion() override;
    int latestSchemaVersion() const override;

  protected:
    void withRepositories(bool writing, const std::function<void(Repositories&)>& work) override;

  private:
    ConnectionPool pool_;
    std::mutex writer_;
};

}  // namespace lodestone::storage::sqlite
