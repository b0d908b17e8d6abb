#pragma once

#include <gtest/gtest.h>

#include "unit/storage/StoreBackend.hpp"
#include "unit/storage/sqlite/SqliteBackend.hpp"

namespace lodestone::storage::test {

// A migrated store on a fresh database, plus raw SQL on that database for what the repositories
// do not (yet) write, as a later engine or another process would. The database is SQLite's, the
// daemon's default, unless the test runs in the storage suite (OnEveryBackend), which runs it on
// every backend.
class StoreFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        database_ = backend().create(dir_);
        store_ = database_->open();
        store_->migrate(domain::SystemClock());
    }

    virtual StoreBackend backend() const { return sqliteBackend(); }

    void sql(const std::string& statement) { database_->execute(statement); }
    std::int64_t count(const std::string& query) { return database_->count(query); }
    BackendDatabase& database() { return *database_; }

    lodestone::test::TempDir dir_;
    std::unique_ptr<BackendDatabase> database_;
    std::unique_ptr<Store> store_;
};

}  // namespace lodestone::storage::test
