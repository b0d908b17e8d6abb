#pragma once

#include <filesystem>
#include <memory>

#include "storage/Store.hpp"
#include "support/DatabaseBackdoor.hpp"
#include "support/Factory.hpp"
#include "support/TestDatabase.hpp"

namespace lodestone::test {

// lodestoned's database as the test process reaches it: through the daemon's own repositories
// (store(), and the factory() over them), or raw through the backdoor() for what they cannot
// say. On SQLite, WAL and the busy timeout let the test write while the daemon runs.
class DaemonDatabase {
  public:
    explicit DaemonDatabase(TestDatabase database) : database_(std::move(database)) {}

    // Opened on first use and migrated, so a test may build state before the daemon first runs.
    storage::Store& store();
    Factory& factory();
    DatabaseBackdoor backdoor() const { return database_.backdoor(); }
    const TestDatabase& database() const { return database_; }

  private:
    TestDatabase database_;
    std::unique_ptr<storage::Store> store_;
    std::unique_ptr<Factory> factory_;
};

}  // namespace lodestone::test
