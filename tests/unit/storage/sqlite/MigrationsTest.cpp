#include <gtest/gtest.h>

#include "storage/ProjectRepository.hpp"
#include "storage/StorageProbeRepository.hpp"
#include "unit/storage/sqlite/SqliteBackend.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using Poco::Data::Keywords::now;

// A migrated store on a SQLite file, and raw SQL on that file.
class Migrations : public ::testing::Test {
  protected:
    void SetUp() override {
        store_ = database_.open();
        store_->migrate(domain::SystemClock());
    }

    const StoreOptions& options() const { return database_.options(); }
    Poco::Data::Session rawSession() { return database_.session(); }
    void sql(const std::string& statement) { database_.execute(statement); }
    std::int64_t count(const std::string& query) { return database_.count(query); }

    lodestone::test::TempDir dir_;
    storage::test::SqliteDatabase database_{dir_ / "var" / "lodestone.db"};
    std::unique_ptr<Store> store_;
};

TEST_F(Migrations, FreshDatabaseGetsEveryMigration) {
    EXPECT_TRUE(std::filesystem::exists(options().path));
    EXPECT_EQ(store_->schemaVersion(), store_->latestSchemaVersion());
    EXPECT_GE(store_->latestSchemaVersion(), 1);
    EXPECT_EQ(count("SELECT COUNT(*) FROM schema_migrations"), store_->latestSchemaVersion());
    EXPECT_EQ(count("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name IN "
                    "('organisations','projects','campaigns','api_keys','api_key_projects',"
                    "'credit_transactions','leads','jobs','job_steps','idempotency_keys')"),
              10);
}

TEST_F(Migrations, RunningTwiceChangesNothing) {
    auto before = count("SELECT COUNT(*) FROM sqlite_master");
    store_->migrate(domain::SystemClock());
    openStore(options())->migrate(domain::SystemClock());
    EXPECT_EQ(count("SELECT COUNT(*) FROM sqlite_master"), before);
    EXPECT_EQ(count("SELECT COUNT(*) FROM schema_migrations"), store_->latestSchemaVersion());
}

TEST_F(Migrations, DatabaseUsesWalAndForeignKeys) {
    auto session = rawSession();
    std::string mode;
    session << "PRAGMA journal_mode", Poco::Data::Keywords::into(mode), now;
    EXPECT_EQ(mode, "wal");
    // Foreign keys are per connection; the store's connections must refuse orphans.
    domain::Project orphan;
    orphan.id = "p";
    orphan.organisationId = "org_missing";
    orphan.name = "x";
    EXPECT_THROW(store_->write([&](Repositories& r) { r.projects().insert(orphan); }), Conflict);
}

TEST_F(Migrations, NewerDatabaseIsRefused) {
    sql("INSERT INTO schema_migrations (version, description, applied_at) "
        "VALUES (999, 'from the future', 0)");
    try {
        openStore(options())->migrate(domain::SystemClock());
        FAIL() << "expected SchemaTooNew";
    } catch (const SchemaTooNew& e) {
        EXPECT_NE(std::string(e.what()).find("schema version 999"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(options().path.string()), std::string::npos);
    }
}

TEST_F(Migrations, UnwritableLocationIsAClearError) {
    StoreOptions bad;
    bad.path = "/proc/lodestone/cannot.db";
    EXPECT_THROW(openStore(bad)->migrate(domain::SystemClock()), StorageError);
}

TEST_F(Migrations, AStorageProbeKeepsOneRowPerHost) {
    store_->write([](Repositories& r) { r.storageProbes().record("web-1", 1000); });
    store_->write([](Repositories& r) { r.storageProbes().record("web-1", 2000); });
    store_->write([](Repositories& r) { r.storageProbes().record("web-2", 2000); });
    EXPECT_EQ(count("SELECT COUNT(*) FROM storage_probes"), 2);
    EXPECT_EQ(count("SELECT probed_at FROM storage_probes WHERE host = 'web-1'"), 2000);
}
