// The webhook outbox as the delivery loop reads it: new events, listings, claims as leases and
// when the next one is due.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "storage/CampaignRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/storage/StoreSuite.hpp"
#include "unit/storage/WebhookDeliveryStoreFixture.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::DeliveryStatus;

namespace {

class WebhookDeliveryStore
    : public storage::test::OnEveryBackend<storage::test::WebhookDeliveryStoreFixture> {};

INSTANTIATE_TEST_SUITE_P(, WebhookDeliveryStore, storage::test::everyBackend(),
                         storage::test::backendName);

TEST_P(WebhookDeliveryStore, ANewEventIsPendingAndDueAtItsCreationWithNoAttempts) {
    auto event = add(campaign_, kT0 + 7);
    auto delivery = find(event.id);
    EXPECT_EQ(delivery.organisationId, org_.id);
    EXPECT_EQ(delivery.campaignId, campaign_.id);
    EXPECT_EQ(delivery.event, "meeting_booked");
    EXPECT_EQ(delivery.payloadJson, event.payloadJson);
    EXPECT_EQ(delivery.createdAt, kT0 + 7);
    EXPECT_EQ(delivery.status, DeliveryStatus::Pending);
    EXPECT_EQ(delivery.nextAttemptAt, kT0 + 7);
    EXPECT_EQ(delivery.attemptCount, 0);
    EXPECT_FALSE(delivery.manual);
    EXPECT_EQ(delivery.deliveredAt, std::nullopt);
    EXPECT_EQ(delivery.lastError, std::nullopt);
    EXPECT_EQ(delivery.updatedAt, kT0 + 7);
    EXPECT_EQ(delivery.leaseOwner, std::nullopt);
    EXPECT_EQ(delivery.leaseExpiresAt, std::nullopt);
    EXPECT_TRUE(attempts(event.id).empty());
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.webhookDeliveries().find("whe_x"); }));
}

TEST_P(WebhookDeliveryStore, ListingHonoursEveryMixOfFiltersNewestFirst) {
    domain::Organisation globex{domain::newId(domain::IdKind::Organisation), "Globex", 0, kT0, kT0};
    domain::Campaign theirs = campaign("Theirs");
    theirs.organisationId = globex.id;
    store_->write([&](Repositories& r) {
        r.organisations().insert(globex);
        r.campaigns().insert(theirs);
    });
    // Created out of order so that newest-first is not insertion order; statuses are set in
    // SQL because only the listing is under test here.
    struct Made {
        std::string id, organisationId, campaignId;
        DeliveryStatus status;
        domain::Timestamp createdAt;
    };
    std::vector<Made> made;
    auto make = [&](const domain::Campaign& c, domain::Timestamp at, DeliveryStatus status) {
        auto event = add(c, at);
        sql("UPDATE webhook_outbox SET status = '" + std::string(domain::toString(status)) +
            "' WHERE id = '" + event.id + "'");
        made.push_back({event.id, c.organisationId, c.id, status, at});
    };
    make(campaign_, kT0 + 3, DeliveryStatus::Delivered);
    make(campaign_, kT0 + 1, DeliveryStatus::Pending);
    make(other_, kT0 + 4, DeliveryStatus::Failed);
    make(campaign_, kT0 + 5, DeliveryStatus::Failed);
    make(theirs, kT0 + 2, DeliveryStatus::Pending);
    make(other_, kT0 + 6, DeliveryStatus::Delivered);
    std::sort(made.begin(), made.end(),
              [](const Made& a, const Made& b) { return a.createdAt > b.createdAt; });

    const std::array<std::optional<std::string>, 3> organisations{std::nullopt, org_.id, globex.id};
    const std::array<std::optional<std::string>, 4> campaigns{std::nullopt, campaign_.id, other_.id,
                                                              theirs.id};
    const std::array<std::optional<DeliveryStatus>, 4> statuses{
        std::nullopt, DeliveryStatus::Pending, DeliveryStatus::Delivered, DeliveryStatus::Failed};
    int nonEmpty = 0;
    for (const auto& organisation : organisations) {
        for (const auto& campaignId : campaigns) {
            for (const auto& status : statuses) {
                for (int limit : {100, 2, 1}) {
                    std::vector<std::string> expected;
                    for (const auto& m : made) {
                        if (organisation && m.organisationId != *organisation) continue;
                        if (campaignId && m.campaignId != *campaignId) continue;
                        if (status && m.status != *status) continue;
                        if (static_cast<int>(expected.size()) < limit) expected.push_back(m.id);
                    }
                    nonEmpty += expected.empty() ? 0 : 1;
                    EXPECT_EQ(ids(list({organisation, campaignId, status, limit})), expected)
                        << "organisation " << organisation.value_or("-") << ", campaign "
                        << campaignId.value_or("-") << ", status "
                        << (status ? domain::toString(*status) : "-") << ", limit " << limit;
                }
            }
        }
    }
    EXPECT_GT(nonEmpty, 40) << "the combinations should mostly select something";
}

TEST_P(WebhookDeliveryStore, ClaimTakesDueDeliveriesOldestDueFirstUpToTheLimit) {
    auto late = add(campaign_, kT0 + 30);
    auto first = add(campaign_, kT0 + 10);
    auto second = add(other_, kT0 + 20);
    auto notDue = add(campaign_, kT0 + 100);

    auto claimed = claim("w1", kT0 + 50, 2);
    ASSERT_EQ(ids(claimed), (std::vector<std::string>{first.id, second.id}));
    for (const auto& d : claimed) {
        EXPECT_EQ(d.leaseOwner, "w1");
        EXPECT_EQ(d.leaseExpiresAt, kT0 + 50 + kLease);
        EXPECT_EQ(d.attemptCount, 1) << "returned with this attempt counted";
        EXPECT_EQ(d.updatedAt, kT0 + 50);
        EXPECT_EQ(d.status, DeliveryStatus::Pending);
    }
    EXPECT_EQ(find(first.id).leaseOwner, "w1");

    // The rest that is due; the one due later waits for its time.
    EXPECT_EQ(ids(claim("w1", kT0 + 50)), std::vector<std::string>{late.id});
    EXPECT_TRUE(claim("w1", kT0 + 99).empty());
    EXPECT_EQ(ids(claim("w1", kT0 + 100)), std::vector<std::string>{notDue.id});
}

TEST_P(WebhookDeliveryStore, EachAttemptRecordsTheCampaignsWebhookUrlOfItsMoment) {
    setWebhookUrl(campaign_, "https://a.example/hook");
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0 + 1).size(), 1u);

    auto started = attempts(event.id);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].deliveryId, event.id);
    EXPECT_EQ(started[0].number, 1);
    EXPECT_EQ(started[0].url, "https://a.example/hook");
    EXPECT_FALSE(started[0].manual);
    EXPECT_EQ(started[0].startedAt, kT0 + 1);
    EXPECT_EQ(started[0].finishedAt, std::nullopt);
    EXPECT_EQ(started[0].delivered, std::nullopt);
    EXPECT_EQ(started[0].statusCode, std::nullopt);
    EXPECT_EQ(started[0].latencyMs, std::nullopt);
    EXPECT_EQ(started[0].error, std::nullopt);

    // An operator fixes the URL between attempts: the retry goes to the new one, and the
    // record still shows where the first went.
    ASSERT_TRUE(fail(event.id, "w1", 1, kT0 + 2, kT0 + 60'000));
    setWebhookUrl(campaign_, "https://b.example/hook");
    ASSERT_EQ(claim("w2", kT0 + 60'000).size(), 1u);
    auto both = attempts(event.id);
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[0].url, "https://a.example/hook");
    EXPECT_EQ(both[1].number, 2);
    EXPECT_EQ(both[1].url, "https://b.example/hook");
    EXPECT_EQ(both[1].startedAt, kT0 + 60'000);
}

TEST_P(WebhookDeliveryStore, AnAttemptForACampaignWithoutAUrlRecordsNone) {
    ASSERT_EQ(other_.webhookUrl, std::nullopt);
    auto event = add(other_, kT0);
    ASSERT_EQ(claim("w1", kT0).size(), 1u);
    auto started = attempts(event.id);
    ASSERT_EQ(started.size(), 1u);
    EXPECT_EQ(started[0].url, std::nullopt);
    EXPECT_EQ(count("SELECT COUNT(*) FROM webhook_attempts WHERE url IS NULL"), 1);
}

TEST_P(WebhookDeliveryStore, ALeasedDeliveryIsNotClaimedAgain) {
    auto event = add(campaign_, kT0);
    ASSERT_EQ(claim("w1", kT0).size(), 1u);
    EXPECT_TRUE(claim("w2", kT0 + 1).empty());
    // Not even once the lease has expired: taking it back is the rescuer's job.
    EXPECT_TRUE(claim("w2", kT0 + kLease + 1).empty());
    EXPECT_EQ(find(event.id).leaseOwner, "w1");
    EXPECT_EQ(find(event.id).attemptCount, 1);
    EXPECT_EQ(attempts(event.id).size(), 1u);
}

TEST_P(WebhookDeliveryStore, NextDueIsTheEarliestUnclaimedPendingDelivery) {
    EXPECT_EQ(nextDue(), std::nullopt);
    auto a = add(campaign_, kT0 + 10);
    auto b = add(campaign_, kT0 + 20);
    add(other_, kT0 + 30);
    EXPECT_EQ(nextDue(), kT0 + 10);

    ASSERT_EQ(ids(claim("w1", kT0 + 10)), std::vector<std::string>{a.id});
    EXPECT_EQ(nextDue(), kT0 + 20) << "a leased delivery is not due";
    ASSERT_EQ(ids(claim("w1", kT0 + 20)), std::vector<std::string>{b.id});
    ASSERT_TRUE(deliver(b.id, "w1", 1, kT0 + 21));
    ASSERT_TRUE(fail(a.id, "w1", 1, kT0 + 22));
    EXPECT_EQ(nextDue(), kT0 + 30) << "delivered and failed deliveries are not due";
}

}  // namespace
