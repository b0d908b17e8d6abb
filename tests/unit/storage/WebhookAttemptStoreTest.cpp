// How attempts end in the webhook outbox: a lease-holder's writes are guarded by owner and
// attempt number, every attempt leaves a row, and operators can queue a redelivery.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage/CampaignRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "unit/storage/StoreSuite.hpp"
#include "unit/storage/WebhookDeliveryStoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::DeliveryStatus;

namespace {

class WebhookDeliveryOutcomes
    : public storage::test::OnEveryBackend<storage::test::WebhookDeliveryStoreFixture> {};

INSTANTIATE_TEST_SUITE_P(, WebhookDeliveryOutcomes, storage::test::everyBackend(),
                         storage::test::backendName);

TEST_P(WebhookDeliveryOutcomes, ADeliveredAttemptFinishesTheDelivery) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0 + 1).size(), 1u);
    ASSERT_TRUE(deliver(event.id, "w1", 1, kT0 + 6));

    auto delivery = find(event.id);
    EXPECT_EQ(delivery.status, DeliveryStatus::Delivered);
    EXPECT_EQ(delivery.deliveredAt, kT0 + 6);
    EXPECT_EQ(delivery.nextAttemptAt, std::nullopt);
    EXPECT_EQ(delivery.lastError, std::nullopt);
    EXPECT_EQ(delivery.leaseOwner, std::nullopt);
    EXPECT_EQ(delivery.leaseExpiresAt, std::nullopt);
    EXPECT_EQ(delivery.attemptCount, 1);
    EXPECT_EQ(delivery.updatedAt, kT0 + 6);
    auto attempt = attempts(event.id).at(0);
    EXPECT_EQ(attempt.finishedAt, kT0 + 6);
    EXPECT_EQ(attempt.delivered, true);
    EXPECT_EQ(attempt.statusCode, 204);
    EXPECT_EQ(attempt.latencyMs, 5);
    EXPECT_EQ(attempt.error, std::nullopt);
    EXPECT_TRUE(claim("w1", kT0 + 100'000).empty());
}

TEST_P(WebhookDeliveryOutcomes, AFailedAttemptWithARetryStaysPendingUntilTheRetryIsDue) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0).size(), 1u);
    ASSERT_TRUE(fail(event.id, "w1", 1, kT0 + 8, kT0 + 60'008));

    auto delivery = find(event.id);
    EXPECT_EQ(delivery.status, DeliveryStatus::Pending);
    EXPECT_EQ(delivery.nextAttemptAt, kT0 + 60'008);
    EXPECT_EQ(delivery.lastError, "HTTP 500");
    EXPECT_EQ(delivery.deliveredAt, std::nullopt);
    EXPECT_EQ(delivery.leaseOwner, std::nullopt);
    EXPECT_EQ(delivery.updatedAt, kT0 + 8);
    auto attempt = attempts(event.id).at(0);
    EXPECT_EQ(attempt.finishedAt, kT0 + 8);
    EXPECT_EQ(attempt.delivered, false);
    EXPECT_EQ(attempt.statusCode, 500);
    EXPECT_EQ(attempt.latencyMs, 7);
    EXPECT_EQ(attempt.error, "HTTP 500");

    EXPECT_TRUE(claim("w1", kT0 + 60'007).empty());
    auto again = claim("w1", kT0 + 60'008);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].attemptCount, 2);
}

TEST_P(WebhookDeliveryOutcomes, AFailedAttemptWithoutARetryFailsTheDelivery) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0).size(), 1u);
    // No HTTP response at all: no status code.
    ASSERT_TRUE(finish(
        {event.id, "w1", 1, kT0 + 3, false, std::nullopt, 3, "connection refused", std::nullopt}));

    auto delivery = find(event.id);
    EXPECT_EQ(delivery.status, DeliveryStatus::Failed);
    EXPECT_EQ(delivery.nextAttemptAt, std::nullopt);
    EXPECT_EQ(delivery.lastError, "connection refused");
    EXPECT_EQ(delivery.leaseOwner, std::nullopt);
    auto attempt = attempts(event.id).at(0);
    EXPECT_EQ(attempt.delivered, false);
    EXPECT_EQ(attempt.statusCode, std::nullopt);
    EXPECT_EQ(attempt.latencyMs, 3);
    EXPECT_EQ(attempt.error, "connection refused");
    EXPECT_EQ(nextDue(), std::nullopt);
}

TEST_P(WebhookDeliveryOutcomes, FinishingIsRefusedToAnotherOwnerOrAnotherAttempt) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0).size(), 1u);
    auto before = find(event.id);

    EXPECT_FALSE(deliver(event.id, "w2", 1, kT0 + 5)) << "not w2's lease";
    EXPECT_FALSE(deliver(event.id, "w1", 2, kT0 + 5)) << "not the attempt in flight";
    EXPECT_FALSE(deliver(event.id, "w1", 0, kT0 + 5));
    EXPECT_FALSE(deliver("whe_unknown", "w1", 1, kT0 + 5));

    auto after = find(event.id);
    EXPECT_EQ(after.status, before.status);
    EXPECT_EQ(after.leaseOwner, "w1");
    EXPECT_EQ(after.leaseExpiresAt, before.leaseExpiresAt);
    EXPECT_EQ(after.attemptCount, 1);
    EXPECT_EQ(after.deliveredAt, std::nullopt);
    EXPECT_EQ(after.updatedAt, before.updatedAt);
    auto attempt = attempts(event.id).at(0);
    EXPECT_EQ(attempt.finishedAt, std::nullopt) << "the attempt row is untouched too";
    EXPECT_EQ(attempt.delivered, std::nullopt);

    // Once finished, the lease is gone: a repeat of the same outcome is refused.
    ASSERT_TRUE(fail(event.id, "w1", 1, kT0 + 6));
    EXPECT_FALSE(deliver(event.id, "w1", 1, kT0 + 7));
    EXPECT_EQ(find(event.id).status, DeliveryStatus::Failed);
    EXPECT_EQ(attempts(event.id).at(0).delivered, false);
}

TEST_P(WebhookDeliveryOutcomes, ReleaseUncountsTheAttemptAndForgetsIt) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0 + 1).size(), 1u);
    EXPECT_FALSE(release(event.id, "w2", 1));
    EXPECT_FALSE(release(event.id, "w1", 2));
    EXPECT_EQ(attempts(event.id).size(), 1u);

    ASSERT_TRUE(release(event.id, "w1", 1));
    auto delivery = find(event.id);
    EXPECT_EQ(delivery.status, DeliveryStatus::Pending);
    EXPECT_EQ(delivery.attemptCount, 0);
    EXPECT_EQ(delivery.nextAttemptAt, kT0) << "still due when it was";
    EXPECT_EQ(delivery.leaseOwner, std::nullopt);
    EXPECT_EQ(delivery.leaseExpiresAt, std::nullopt);
    EXPECT_TRUE(attempts(event.id).empty());
    EXPECT_FALSE(release(event.id, "w1", 1)) << "nothing left to release";

    // The next claim makes attempt 1 again.
    auto again = claim("w2", kT0 + 2);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].attemptCount, 1);
    ASSERT_EQ(attempts(event.id).size(), 1u);
    EXPECT_EQ(attempts(event.id)[0].startedAt, kT0 + 2);
}

TEST_P(WebhookDeliveryOutcomes, LeasesAreListedByOwnerAndByExpiry) {
    auto a = add(campaign_, kT0);
    auto b = add(other_, kT0 + 1);
    add(campaign_, kT0 + 1'000'000);  // not due, so never leased here
    auto owners = [&] {
        return store_->read([](Repositories& r) { return r.deliveryLeases().owners(); });
    };
    auto heldBy = [&](std::vector<std::string> of) {
        return store_->read([&](Repositories& r) { return r.deliveryLeases().heldBy(of); });
    };
    auto expiredBy = [&](Timestamp now) {
        return store_->read([&](Repositories& r) { return r.deliveryLeases().expired(now, 10); });
    };
    auto leaseIds = [](const std::vector<HeldLease>& leases) {
        std::vector<std::string> out;
        for (const auto& lease : leases) out.push_back(lease.id);
        return out;
    };
    EXPECT_TRUE(owners().empty());

    ASSERT_EQ(claim("w2", kT0 + 5, 1).size(), 1u);  // a, lease until kT0 + 5 + kLease
    ASSERT_EQ(claim("w1", kT0 + 2, 1).size(), 1u);  // b, lease until kT0 + 2 + kLease
    auto sorted = owners();
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::string>{"w1", "w2"}));
    auto held = heldBy({"w1", "w2"});
    ASSERT_EQ(leaseIds(held), (std::vector<std::string>{b.id, a.id}));
    EXPECT_EQ(held[0].owner, "w1");
    EXPECT_EQ(held[0].expiresAt, kT0 + 2 + kLease);
    EXPECT_EQ(held[1].owner, "w2");
    EXPECT_EQ(leaseIds(heldBy({"w2"})), std::vector<std::string>{a.id});

    EXPECT_TRUE(expiredBy(kT0 + 2 + kLease - 1).empty());
    EXPECT_EQ(leaseIds(expiredBy(kT0 + 5 + kLease)), (std::vector<std::string>{b.id, a.id}))
        << "soonest expiry first";

    // A renewal by its owner moves a lease on; another owner's renewal holds nothing.
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.deliveryLeases().renew("w1", {b.id, a.id}, kT0 + 10 * kLease);
    }),
              std::vector<std::string>{b.id});
    EXPECT_EQ(leaseIds(expiredBy(kT0 + 5 + kLease)), std::vector<std::string>{a.id});

    ASSERT_TRUE(deliver(b.id, "w1", 1, kT0 + 6));
    EXPECT_EQ(leaseIds(heldBy({"w1", "w2"})), std::vector<std::string>{a.id});
    ASSERT_TRUE(release(a.id, "w2", 1));
    EXPECT_TRUE(owners().empty());
}

TEST_P(WebhookDeliveryOutcomes, RedeliveryQueuesOneManualAttemptOfAFinishedDelivery) {
    setWebhookUrl(campaign_, "https://a.example/hook");
    auto event = add(campaign_, kT0);
    EXPECT_FALSE(redeliver(event.id, kT0 + 1)) << "pending and due";
    ASSERT_EQ(claim("w1", kT0 + 1).size(), 1u);
    EXPECT_FALSE(redeliver(event.id, kT0 + 2)) << "pending and in flight";
    EXPECT_FALSE(redeliver("whe_unknown", kT0 + 2));
    ASSERT_TRUE(deliver(event.id, "w1", 1, kT0 + 3));

    ASSERT_TRUE(redeliver(event.id, kT0 + 500));
    auto delivery = find(event.id);
    EXPECT_EQ(delivery.id, event.id);
    EXPECT_EQ(delivery.status, DeliveryStatus::Pending);
    EXPECT_TRUE(delivery.manual);
    EXPECT_EQ(delivery.nextAttemptAt, kT0 + 500);
    EXPECT_EQ(delivery.updatedAt, kT0 + 500);
    EXPECT_EQ(delivery.attemptCount, 1) << "the history counts on";
    EXPECT_EQ(attempts(event.id).size(), 1u);
    EXPECT_FALSE(redeliver(event.id, kT0 + 501)) << "already queued";

    auto claimed = claim("w1", kT0 + 500);
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].attemptCount, 2);
    auto history = attempts(event.id);
    ASSERT_EQ(history.size(), 2u);
    EXPECT_EQ(history[0].delivered, true);
    EXPECT_FALSE(history[0].manual);
    EXPECT_TRUE(history[1].manual);
    EXPECT_EQ(history[1].url, "https://a.example/hook");

    // A failed redelivery can be redelivered again.
    ASSERT_TRUE(fail(event.id, "w1", 2, kT0 + 501));
    EXPECT_EQ(find(event.id).status, DeliveryStatus::Failed);
    EXPECT_TRUE(redeliver(event.id, kT0 + 600));
    EXPECT_EQ(find(event.id).nextAttemptAt, kT0 + 600);
}

TEST_P(WebhookDeliveryOutcomes, CampaignSecretRotationFieldsRoundTrip) {
    auto stored = [&](const std::string& id) {
        return *store_->read([&](Repositories& r) { return r.campaigns().find(id); });
    };
    EXPECT_EQ(stored(campaign_.id).previousWebhookSecret, std::nullopt);
    EXPECT_EQ(stored(campaign_.id).previousSecretExpiresAt, std::nullopt);

    campaign_.previousWebhookSecret = campaign_.webhookSecret;
    campaign_.previousSecretExpiresAt = kT0 + 86'400'000;
    campaign_.webhookSecret = "whsec_bmV3";
    store_->write([&](Repositories& r) { r.campaigns().update(campaign_); });
    auto rotated = stored(campaign_.id);
    EXPECT_EQ(rotated.webhookSecret, "whsec_bmV3");
    EXPECT_EQ(rotated.previousWebhookSecret, "whsec_test");
    EXPECT_EQ(rotated.previousSecretExpiresAt, kT0 + 86'400'000);

    campaign_.previousWebhookSecret.reset();
    campaign_.previousSecretExpiresAt.reset();
    store_->write([&](Repositories& r) { r.campaigns().update(campaign_); });
    EXPECT_EQ(stored(campaign_.id).previousWebhookSecret, std::nullopt);
    EXPECT_EQ(stored(campaign_.id).previousSecretExpiresAt, std::nullopt);

    // Inserted with them set, too, and the calendars' intake secret with them.
    auto fresh = campaign("Rotated");
    fresh.previousWebhookSecret = "whsec_b2xk";
    fresh.previousSecretExpiresAt = kT0 + 1;
    fresh.intakeSecret = "intake-secret-0123456789";
    store_->write([&](Repositories& r) { r.campaigns().insert(fresh); });
    EXPECT_EQ(stored(fresh.id).intakeSecret, "intake-secret-0123456789");
    fresh.intakeSecret = "another-intake-secret-987";
    store_->write([&](Repositories& r) { r.campaigns().update(fresh); });
    EXPECT_EQ(stored(fresh.id).intakeSecret, "another-intake-secret-987");
    EXPECT_EQ(stored(fresh.id).previousWebhookSecret, "whsec_b2xk");
    EXPECT_EQ(stored(fresh.id).previousSecretExpiresAt, kT0 + 1);
}

}  // namespace
