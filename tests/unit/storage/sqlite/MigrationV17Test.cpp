// Migration 18 moves the suppressions to entries found by keyed hash: the addresses a version-16
// lodestoned suppressed still stop their emails, each organisation has a key, and no address is a
// key any more (the store hashes the copied entries when it opens).
#include <gtest/gtest.h>

#include "storage/Store.hpp"
#include "storage/SuppressionRepository.hpp"
#include "support/TempDir.hpp"
#include "unit/storage/sqlite/OldDatabase.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using lodestone::storage::test::buildDatabaseAt;

namespace {

TEST(MigrationV17, SuppressedAddressesStaySuppressedByTheirKeyedHash) {
    lodestone::test::TempDir dir;
    StoreOptions options;
    options.path = dir / "lodestone.db";
    options.poolSize = 1;
    buildDatabaseAt(options.path, 16,
                    {
                        "INSERT INTO organisations VALUES ('org_1', 'Acme', 5, 1, 1)",
                        "INSERT INTO organisations VALUES ('org_2', 'Globex', 5, 1, 1)",
                        "INSERT INTO suppressions (organisation_id, email_key, reason, "
                        "prospect_id, campaign_id, detail, created_at) VALUES ('org_1', "
                        "'ann@initech.example', 'bounced', 'prospect_1', 'cmp_1', '550 5.1.1', 7)",
                        "INSERT INTO suppressions (organisation_id, email_key, reason, "
                        "created_at) VALUES ('org_2', 'bob@initech.example', 'unsubscribed', 8)",
                    });
    auto store = openStore(options);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());

    auto ann = store->read(
        [](Repositories& r) { return r.suppressions().find("org_1", "ann@initech.example"); });
    ASSERT_TRUE(ann);
    EXPECT_EQ(ann->reason, domain::SuppressionReason::Bounced);
    EXPECT_EQ(ann->address, "ann@initech.example");
    EXPECT_EQ(ann->campaignId, "cmp_1");
    EXPECT_EQ(ann->createdAt, 7);
    EXPECT_TRUE(store->read(
        [](Repositories& r) { return r.suppressions().find("org_2", "bob@initech.example"); }));
    EXPECT_FALSE(store->read([](Repositories& r) {
        return r.suppressions().find("org_1", "bob@initech.example");
    })) << "each organisation's list is its own";
}

}  // namespace
