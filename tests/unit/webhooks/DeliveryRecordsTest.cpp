// The delivery records operators read (HTTP and lodestonectl) and the redelivery they ask for.
#include <gtest/gtest.h>

#include <sstream>

#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"
#include "webhooks/DeliveryRecords.hpp"

using namespace lodestone;
using namespace lodestone::webhooks;
using storage::Repositories;

namespace {

std::string text(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

domain::WebhookDelivery pendingDelivery() {
    domain::WebhookDelivery d;
    d.id = "whe_1";
    d.organisationId = "org_1";
    d.campaignId = "cmp_1";
    d.event = "meeting_booked";
    d.payloadJson = R"({"event":"meeting_booked","campaignId":"cmp_1"})";
    d.createdAt = 1000;
    d.updatedAt = 1000;
    d.nextAttemptAt = 1000;
    return d;
}

TEST(RenderDelivery, ShowsEveryFieldInOrderWithNullsForWhatIsUnset) {
    EXPECT_EQ(text(renderDelivery({pendingDelivery(), {}})),
              R"({"id":"whe_1","event":"meeting_booked","campaignId":"cmp_1","status":"pending",)"
              R"("attemptCount":0,"nextAttemptAt":1000,"redelivery":false,"lastError":null,)"
              R"("createdAt":1000,"updatedAt":1000,"deliveredAt":null,)"
              R"("payload":{"event":"meeting_booked","campaignId":"cmp_1"},"attempts":[]})");
}

TEST(RenderDelivery, ShowsAFinishedRedeliveryWithEveryAttemptAndItsOutcome) {
    auto d = pendingDelivery();
    d.status = domain::DeliveryStatus::Delivered;
    d.attemptCount = 3;
    d.nextAttemptAt.reset();
    d.manual = true;
    d.lastError = "HTTP 500";
    d.updatedAt = 5000;
    d.deliveredAt = 5000;
    std::vector<domain::WebhookAttempt> attempts{
        {"whe_1", 1, "https://a.example/h", false, 1000, 1100, false, 500, 100, "HTTP 500"},
        {"whe_1", 2, std::nullopt, false, 2000, 2001, false, std::nullopt, std::nullopt,
         "no webhook URL"},
        {"whe_1", 3, "https://b.example/h", true, 4900, 5000, true, 204, 100, std::nullopt},
        // In flight: started, nothing back yet.
        {"whe_1", 4, "https://b.example/h", true, 6000, std::nullopt, std::nullopt, std::nullopt,
         std::nullopt, std::nullopt},
    };
    const auto rendered = text(renderDelivery({d, attempts}));
    EXPECT_EQ(rendered,
              R"({"id":"whe_1","event":"meeting_booked","campaignId":"cmp_1","status":"delivered",)"
              R"("attemptCount":3,"nextAttemptAt":null,"redelivery":true,"lastError":"HTTP 500",)"
              R"("createdAt":1000,"updatedAt":5000,"deliveredAt":5000,)"
              R"("payload":{"event":"meeting_booked","campaignId":"cmp_1"},"attempts":[)"
              R"({"number":1,"redelivery":false,"url":"https://a.example/h","startedAt":1000,)"
              R"("finishedAt":1100,"outcome":"failed","statusCode":500,"latencyMs":100,)"
              R"("error":"HTTP 500"},)"
              R"({"number":2,"redelivery":false,"url":null,"startedAt":2000,"finishedAt":2001,)"
              R"("outcome":"failed","statusCode":null,"latencyMs":null,)"
              R"("error":"no webhook URL"},)"
              R"({"number":3,"redelivery":true,"url":"https://b.example/h","startedAt":4900,)"
              R"("finishedAt":5000,"outcome":"delivered","statusCode":204,"latencyMs":100,)"
              R"("error":null},)"
              R"({"number":4,"redelivery":true,"url":"https://b.example/h","startedAt":6000,)"
              R"("finishedAt":null,"outcome":"in_flight","statusCode":null,"latencyMs":null,)"
              R"("error":null}]})");
}

TEST(RenderDelivery, APayloadThatDoesNotParseIsShownAsTheStoredString) {
    auto d = pendingDelivery();
    d.payloadJson = R"({"event":"meeting_bo)";
    auto rendered = renderDelivery({d, {}});
    ASSERT_TRUE(rendered->get("payload").isString());
    EXPECT_EQ(rendered->getValue<std::string>("payload"), R"({"event":"meeting_bo)");
}

TEST(RenderDelivery, APayloadKeepsItsStoredKeyOrder) {
    auto d = pendingDelivery();
    d.payloadJson = R"({"z":1,"a":{"y":2,"b":3}})";
    EXPECT_NE(text(renderDelivery({d, {}})).find(R"("payload":{"z":1,"a":{"y":2,"b":3}})"),
              std::string::npos);
}

// Redelivery and lookups against the real store.
class DeliveryRecords : public storage::test::ProspectStoreFixture {
  protected:
    std::string addDelivery() {
        domain::OutboxEvent event{domain::newId(domain::IdKind::WebhookEvent),
                                  org_.id,
                                  campaign_.id,
                                  "meeting_booked",
                                  R"({"event":"meeting_booked"})",
                                  kT0};
        store_->write([&](Repositories& r) { r.webhookDeliveries().insert(event); });
        return event.id;
    }

    // Claims one due delivery and finishes its attempt; returns which it was.
    std::string attempt(bool delivered, domain::Timestamp at) {
        return store_->write([&](Repositories& r) {
            auto claimed = r.webhookDeliveryQueue().claim("w", at, at + 30'000, 1);
            if (claimed.size() != 1) throw std::runtime_error("nothing due");
            const std::optional<std::string> error =
                delivered ? std::nullopt : std::optional<std::string>("HTTP 503");
            if (!r.webhookDeliveryQueue().finishAttempt(
                    {claimed[0].id, "w", claimed[0].attemptCount, at + 1, delivered,
                     delivered ? 200 : 503, 1, error, std::nullopt})) {
                throw std::runtime_error("finish refused");
            }
            return claimed[0].id;
        });
    }

    DeliveryRecord redeliverNow(const std::string& id, domain::Timestamp now) {
        return store_->write([&](Repositories& r) { return redeliver(r, id, now); });
    }
};

TEST_F(DeliveryRecords, RedeliveringAnUnknownDeliveryIsNotFound) {
    EXPECT_THROW(redeliverNow("whe_unknown", kT0), DeliveryNotFound);
}

TEST_F(DeliveryRecords, RedeliveringAPendingDeliveryIsRefused) {
    auto id = addDelivery();
    EXPECT_THROW(redeliverNow(id, kT0 + 1), DeliveryStillPending);
    // In flight is pending too.
    store_->write([&](Repositories& r) { r.webhookDeliveryQueue().claim("w", kT0, kT0 + 9, 1); });
    EXPECT_THROW(redeliverNow(id, kT0 + 1), DeliveryStillPending);
}

TEST_F(DeliveryRecords, RedeliveringAnotherCampaignsDeliveryIsNotFoundAndChangesNothing) {
    auto id = addDelivery();
    ASSERT_EQ(attempt(false, kT0 + 10), id);
    EXPECT_THROW(
        store_->write([&](Repositories& r) { return redeliver(r, id, kT0 + 100, {other_.id}); }),
        DeliveryNotFound);
    auto unchanged = store_->read([&](Repositories& r) { return r.webhookDeliveries().find(id); });
    ASSERT_TRUE(unchanged);
    EXPECT_EQ(unchanged->status, domain::DeliveryStatus::Failed);
    EXPECT_FALSE(unchanged->manual);
    // Its own campaign may.
    auto record =
        store_->write([&](Repositories& r) { return redeliver(r, id, kT0 + 100, {campaign_.id}); });
    EXPECT_EQ(record.delivery.status, domain::DeliveryStatus::Pending);
}

TEST_F(DeliveryRecords, RedeliveringAFailedDeliveryQueuesItWithItsHistory) {
    auto id = addDelivery();
    ASSERT_EQ(attempt(false, kT0 + 10), id);
    auto record = redeliverNow(id, kT0 + 100);
    EXPECT_EQ(record.delivery.id, id);
    EXPECT_EQ(record.delivery.status, domain::DeliveryStatus::Pending);
    EXPECT_TRUE(record.delivery.manual);
    EXPECT_EQ(record.delivery.nextAttemptAt, kT0 + 100);
    ASSERT_EQ(record.attempts.size(), 1u);
    EXPECT_EQ(record.attempts[0].delivered, false);
    EXPECT_EQ(record.attempts[0].statusCode, 503);
}

TEST_F(DeliveryRecords, FindAndListCarryTheAttempts) {
    addDelivery();
    addDelivery();
    auto first = attempt(false, kT0 + 10);
    auto second = attempt(true, kT0 + 20);
    ASSERT_NE(first, second);
    EXPECT_FALSE(store_->read([](Repositories& r) { return findDelivery(r, "whe_unknown"); }));
    auto found = store_->read([&](Repositories& r) { return findDelivery(r, first); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->attempts.size(), 1u);
    auto listed = store_->read([&](Repositories& r) { return listDeliveries(r, {}); });
    ASSERT_EQ(listed.size(), 2u);
    for (const auto& record : listed) {
        ASSERT_EQ(record.attempts.size(), 1u) << record.delivery.id;
        EXPECT_EQ(record.attempts[0].deliveryId, record.delivery.id);
    }
}

}  // namespace
