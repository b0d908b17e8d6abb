// Migration 10 makes the webhook outbox again so that its event column takes names beyond
// meeting_booked: the deliveries and attempts a version-9 lodestoned stored come through whole.
#include <gtest/gtest.h>

#include "storage/StorageError.hpp"
#include "storage/Store.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "support/TempDir.hpp"
#include "unit/storage/sqlite/OldDatabase.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using lodestone::storage::test::buildDatabaseAt;

namespace {

class MigrationV10 : public ::testing::Test {
  protected:
    void SetUp() override {
        options_.path = dir_ / "lodestone.db";
        options_.poolSize = 1;
        buildDatabaseAt(
            options_.path, 9,
            {
                "INSERT INTO organisations VALUES ('org_1', 'Acme', 5, 1, 1)",
                "INSERT INTO campaigns (id, organisation_id, name, webhook_secret, created_at, "
                "updated_at) VALUES ('cmp_1', 'org_1', 'Spring', 'whsec_dGVzdA==', 1, 1)",
                "INSERT INTO webhook_outbox (id, organisation_id, campaign_id, event, "
                "payload_json, created_at, status, attempt_count, next_attempt_at, manual, "
                "delivered_at, last_error, updated_at) VALUES ('msg_1', 'org_1', 'cmp_1', "
                "'meeting_booked', '{\"event\":\"meeting_booked\"}', 10, 'failed', 2, NULL, 0, "
                "NULL, 'HTTP 500', 20)",
                "INSERT INTO webhook_attempts (delivery_id, number, url, manual, started_at, "
                "finished_at, outcome, status_code, latency_ms, error) VALUES ('msg_1', 1, "
                "'https://hooks.example/x', 0, 11, 12, 'failed', 500, 1, 'HTTP 500')",
            });
    }

    lodestone::test::TempDir dir_;
    StoreOptions options_;
};

TEST_F(MigrationV10, DeliveriesAndTheirAttemptsComeThroughAndOtherEventsAreTaken) {
    auto store = openStore(options_);
    ASSERT_EQ(store->schemaVersion(), 9);
    store->migrate(domain::SystemClock());
    EXPECT_EQ(store->schemaVersion(), store->latestSchemaVersion());

    auto delivery =
        store->read([](Repositories& r) { return r.webhookDeliveries().find("msg_1"); });
    ASSERT_TRUE(delivery);
    EXPECT_EQ(delivery->event, "meeting_booked");
    EXPECT_EQ(delivery->status, domain::DeliveryStatus::Failed);
    EXPECT_EQ(delivery->attemptCount, 2);
    EXPECT_EQ(delivery->lastError, "HTTP 500");
    EXPECT_EQ(delivery->updatedAt, 20);
    auto attempts =
        store->read([](Repositories& r) { return r.webhookDeliveries().attempts("msg_1"); });
    ASSERT_EQ(attempts.size(), 1u);
    EXPECT_EQ(attempts[0].statusCode, 500);

    auto insert = [&](const std::string& id, const std::string& event) {
        store->write([&](Repositories& r) {
            r.webhookDeliveries().insert({id, "org_1", "cmp_1", event, "{}", 30});
        });
    };
    EXPECT_NO_THROW(insert("msg_2", "test"));
    EXPECT_NO_THROW(insert("msg_3", "research.completed"));
    EXPECT_ANY_THROW(insert("msg_4", "Meeting Booked"));
    EXPECT_ANY_THROW(insert("msg_5", ""));
    // A due delivery is still found through the outbox's indexes.
    auto due = store->read([](Repositories& r) { return r.webhookDeliveryQueue().nextDue(); });
    EXPECT_EQ(due, 30);
}

}  // namespace
