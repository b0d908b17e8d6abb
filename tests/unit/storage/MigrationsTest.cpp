#include <gtest/gtest.h>

#include "StoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using Poco::Data::Keywords::now;

class Migrations : public storage::test::StoreFixture {};

TEST_F(Migrations, FreshDatabaseGetsEveryMigration) {
    EXPECT_TRUE(std::filesystem::exists(config_.path));
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
    store_->migrate();
    openStore(config_)->migrate();
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
        openStore(config_)->migrate();
        FAIL() << "expected SchemaTooNew";
    } catch (const SchemaTooNew& e) {
        EXPECT_NE(std::string(e.what()).find("schema version 999"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(config_.path.string()), std::string::npos);
    }
}

TEST_F(Migrations, UnwritableLocationIsAClearError) {
    StoreOptions bad;
    bad.path = "/proc/lodestone/cannot.db";
    EXPECT_THROW(openStore(bad)->migrate(), StorageError);
}
