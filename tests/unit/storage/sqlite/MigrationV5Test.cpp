// Migration 5 adds delivery state to the webhook outbox: events a version-4 lodestoned wrote
// were never attempted, so they must come out pending, due at once, with no attempts.
#include <gtest/gtest.h>

#include "storage/CampaignRepository.hpp"
#include "storage/Store.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/sqlite/Migrations.hpp"
#include "support/TempDir.hpp"
#include "unit/storage/sqlite/OldDatabase.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using lodestone::storage::test::buildDatabaseAt;

namespace {

constexpr domain::Timestamp kCreated = 1'750'000'000'123;

// A database built by a version-4 lodestoned: migrations 1-4 applied by hand, holding one
// meeting_booked event in the outbox of a campaign with a webhook URL.
class MigrationV5 : public ::testing::Test {
  protected:
    void SetUp() override {
        options_.path = dir_ / "lodestone.db";
        options_.poolSize = 1;  // every store call uses the connection that migrated
        buildDatabaseAt(
            options_.path, 4,
            {
                "INSERT INTO organisations VALUES ('org_1', 'Acme', 5, 1, 1)",
                "INSERT INTO campaigns (id, organisation_id, name, webhook_url, webhook_secret, "
                "created_at, updated_at) VALUES ('cmp_1', 'org_1', 'Spring', "
                "'https://crm.example/hook', 'whsec_dGVzdA==', 1, 1)",
                "INSERT INTO webhook_outbox VALUES ('whe_1', 'org_1', 'cmp_1', 'meeting_booked', "
                "'{\"event\":\"meeting_booked\"}', 1750000000123)",
            });
    }

    lodestone::test::TempDir dir_;
    StoreOptions options_;
};

TEST_F(MigrationV5, AnOutboxEventOfVersion4IsPendingAndDueAtItsCreation) {
    auto store = openStore(options_);
    ASSERT_EQ(store->schemaVersion(), 4);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());

    auto delivery =
        store->read([](Repositories& r) { return r.webhookDeliveries().find("whe_1"); });
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->organisationId, "org_1");
    EXPECT_EQ(delivery->campaignId, "cmp_1");
    EXPECT_EQ(delivery->event, "meeting_booked");
    EXPECT_EQ(delivery->payloadJson, R"({"event":"meeting_booked"})");
    EXPECT_EQ(delivery->createdAt, kCreated);
    EXPECT_EQ(delivery->status, domain::DeliveryStatus::Pending);
    EXPECT_EQ(delivery->nextAttemptAt, kCreated);
    EXPECT_EQ(delivery->attemptCount, 0);
    EXPECT_FALSE(delivery->manual);
    EXPECT_EQ(delivery->updatedAt, kCreated);
    EXPECT_EQ(delivery->leaseOwner, std::nullopt);
    EXPECT_EQ(delivery->deliveredAt, std::nullopt);
    EXPECT_EQ(delivery->lastError, std::nullopt);

    auto campaign = store->read([](Repositories& r) { return r.campaigns().find("cmp_1"); });
    ASSERT_TRUE(campaign);
    EXPECT_EQ(campaign->previousWebhookSecret, std::nullopt);
    EXPECT_EQ(campaign->previousSecretExpiresAt, std::nullopt);
}

TEST_F(MigrationV5, TheMigratedEventIsDeliverableLikeANewOne) {
    auto store = openStore(options_);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->read([](Repositories& r) { return r.webhookDeliveryQueue().nextDue(); }),
              kCreated);
    auto claimed = store->write([](Repositories& r) {
        return r.webhookDeliveryQueue().claim("w", kCreated + 1, kCreated + 30'000, 10);
    });
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].id, "whe_1");
    EXPECT_EQ(claimed[0].attemptCount, 1);
    auto attempts =
        store->read([](Repositories& r) { return r.webhookDeliveries().attempts("whe_1"); });
    ASSERT_EQ(attempts.size(), 1u);
    EXPECT_EQ(attempts[0].url, "https://crm.example/hook");
}

}  // namespace
