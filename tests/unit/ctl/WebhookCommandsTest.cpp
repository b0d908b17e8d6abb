// `webhook list | show | redeliver` and `campaign rotate-secret`, run in-process against a real
// SQLite file; deliveries are driven to their states through the outbox repository, as the
// daemon's delivery loop would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "admin/Administration.hpp"
#include "domain/Clock.hpp"
#include "domain/Ids.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/ctl/CtlFixture.hpp"

using namespace lodestone;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

constexpr const char* kOwner = "test-worker";

class WebhookCommands : public test::CtlFixture {
  protected:
    void SetUp() override {
        CtlFixture::SetUp();
        org_ = newOrg();
        store_ = openStore();
    }

    std::string newCampaign(const std::string& name) {
        return ok({"campaign", "create", "--org", org_, "--name", name, "--webhook-url",
                   "https://hooks.acme.test/" + name})
            ->getValue<std::string>("id");
    }

    // A pending delivery, created `agoMs` before now so that it is due.
    std::string addDelivery(const std::string& campaignId, domain::Timestamp agoMs) {
        domain::OutboxEvent event{domain::newId(domain::IdKind::WebhookEvent),
                                  org_,
                                  campaignId,
                                  "meeting_booked",
                                  R"({"event":"meeting_booked","meeting":{"id":"meeting_1"}})",
                                  domain::SystemClock().now() - agoMs};
        store_->write([&](storage::Repositories& r) { r.webhookDeliveries().insert(event); });
        return event.id;
    }

    // Claims the one due delivery and ends its attempt as `delivered` or failed for good.
    void attempt(const std::string& id, bool delivered) {
        auto now = domain::SystemClock().now();
        store_->write([&](storage::Repositories& r) {
            auto claimed = r.webhookDeliveryQueue().claim(kOwner, now, now + 30'000, 10);
            ASSERT_EQ(claimed.size(), 1u);
            ASSERT_EQ(claimed[0].id, id);
            storage::AttemptOutcome outcome;
            outcome.deliveryId = id;
            outcome.owner = kOwner;
            outcome.number = claimed[0].attemptCount;
            outcome.finishedAt = now + 120;
            outcome.delivered = delivered;
            outcome.statusCode = delivered ? 204 : 503;
            outcome.latencyMs = 120;
            if (!delivered) outcome.error = "HTTP 503";
            ASSERT_TRUE(r.webhookDeliveryQueue().finishAttempt(outcome));
        });
    }

    domain::WebhookDelivery stored(const std::string& id) {
        return *store_->read(
            [&](storage::Repositories& r) { return r.webhookDeliveries().find(id); });
    }

    static std::vector<std::string> ids(const Poco::JSON::Object::Ptr& list) {
        std::vector<std::string> found;
        auto items = list->getArray("items");
        for (unsigned i = 0; i < items->size(); ++i) {
            found.push_back(items->getObject(i)->getValue<std::string>("id"));
        }
        return found;
    }

    std::string org_;
    std::unique_ptr<storage::Store> store_;
};

}  // namespace

TEST_F(WebhookCommands, ListIsNewestFirstAndFiltersByCampaignAndStatus) {
    std::string a = newCampaign("a"), b = newCampaign("b");
    std::string failed = addDelivery(a, 3'000);
    attempt(failed, false);
    std::string delivered = addDelivery(a, 2'000);
    attempt(delivered, true);
    std::string pending = addDelivery(b, 1'000);

    EXPECT_THAT(ids(ok({"webhook", "list"})), ::testing::ElementsAre(pending, delivered, failed));
    EXPECT_THAT(ids(ok({"webhook", "list", "--campaign", a})),
                ::testing::ElementsAre(delivered, failed));
    EXPECT_THAT(ids(ok({"webhook", "list", "--status", "failed"})), ::testing::ElementsAre(failed));
    EXPECT_THAT(ids(ok({"webhook", "list", "--campaign", b, "--status", "delivered"})),
                ::testing::IsEmpty());
    EXPECT_THAT(ids(ok({"webhook", "list", "--limit", "1"})), ::testing::ElementsAre(pending));

    auto item = ok({"webhook", "list", "--status", "failed"})->getArray("items")->getObject(0);
    EXPECT_EQ(item->getValue<std::string>("campaignId"), a);
    EXPECT_EQ(item->getValue<std::string>("lastError"), "HTTP 503");
    auto attempts = item->getArray("attempts");
    ASSERT_EQ(attempts->size(), 1u);
    EXPECT_EQ(attempts->getObject(0)->getValue<std::string>("outcome"), "failed");
    EXPECT_EQ(attempts->getObject(0)->getValue<int>("statusCode"), 503);
}

TEST_F(WebhookCommands, HumanListShowsEachAttemptUnderItsDelivery) {
    std::string campaign = newCampaign("a");
    std::string failed = addDelivery(campaign, 1'000);
    attempt(failed, false);

    auto list = run({"webhook", "list"}, false);
    ASSERT_EQ(list.code, 0) << list.err;
    EXPECT_THAT(list.out, HasSubstr(failed));
    EXPECT_THAT(list.out, HasSubstr("meeting_booked"));
    EXPECT_THAT(list.out, HasSubstr("\n  #1  "));
    EXPECT_THAT(list.out, HasSubstr("failed     HTTP 503     120 ms    HTTP 503"));
    EXPECT_THROW(Poco::JSON::Parser().parse(list.out), Poco::Exception);

    auto none = run({"webhook", "list", "--status", "delivered"}, false);
    EXPECT_THAT(none.out, HasSubstr("(none)"));
}

TEST_F(WebhookCommands, ShowHasThePayloadAndEveryAttempt) {
    std::string campaign = newCampaign("a");
    std::string id = addDelivery(campaign, 1'000);
    attempt(id, true);

    auto shown = ok({"webhook", "show", id});
    EXPECT_EQ(shown->getValue<std::string>("status"), "delivered");
    EXPECT_EQ(shown->getObject("payload")->getObject("meeting")->getValue<std::string>("id"),
              "meeting_1");
    auto attempts = shown->getArray("attempts");
    ASSERT_EQ(attempts->size(), 1u);
    EXPECT_EQ(attempts->getObject(0)->getValue<std::string>("url"), "https://hooks.acme.test/a");

    auto human = run({"webhook", "show", id}, false);
    EXPECT_THAT(human.out, HasSubstr("payload:\n"));
    EXPECT_THAT(human.out, HasSubstr("\"meeting_1\""));
    EXPECT_THAT(human.out,
                HasSubstr("delivered  HTTP 204     120 ms    https://hooks.acme.test/a"));

    auto unknown = run({"webhook", "show", "evt_nope"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_THAT(unknown.err, HasSubstr("no webhook delivery with id evt_nope"));
}

TEST_F(WebhookCommands, RedeliverQueuesOneMoreAttemptWithTheSameId) {
    std::string campaign = newCampaign("a");
    std::string id = addDelivery(campaign, 1'000);
    attempt(id, false);

    auto queued = run({"webhook", "redeliver", id}, false);
    ASSERT_EQ(queued.code, 0) << queued.err;
    EXPECT_THAT(queued.out, HasSubstr("jobs.poll_interval"));
    auto delivery = stored(id);
    EXPECT_EQ(delivery.status, domain::DeliveryStatus::Pending);
    EXPECT_TRUE(delivery.manual);
    EXPECT_EQ(delivery.attemptCount, 1);  // the fresh attempt is counted when it is made

    auto again = run({"webhook", "redeliver", id});
    EXPECT_EQ(again.code, 1);
    EXPECT_THAT(again.err, HasSubstr("is still pending"));
    EXPECT_TRUE(again.out.empty());

    // The redelivery is made like any attempt, under the same id, and can be redelivered again.
    attempt(id, true);
    auto json = ok({"webhook", "redeliver", id});
    EXPECT_EQ(json->getValue<std::string>("id"), id);
    EXPECT_EQ(json->getValue<std::string>("status"), "pending");
    EXPECT_TRUE(json->getValue<bool>("redelivery"));
    EXPECT_EQ(json->getArray("attempts")->size(), 2u);

    auto unknown = run({"webhook", "redeliver", "evt_nope"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_THAT(unknown.err, HasSubstr("no webhook delivery with id evt_nope"));
}

TEST_F(WebhookCommands, BadFiltersAreUsageErrors) {
    auto status = run({"webhook", "list", "--status", "lost"});
    EXPECT_EQ(status.code, 64);
    EXPECT_THAT(status.err, HasSubstr("--status must be one of pending, delivered, failed"));
    EXPECT_EQ(run({"webhook", "list", "--limit", "0"}).code, 64);
    EXPECT_EQ(run({"webhook", "list", "--limit", "many"}).code, 64);
    EXPECT_EQ(run({"webhook", "redeliver"}).code, 64);
}

TEST_F(WebhookCommands, RotateSecretKeepsOnePreviousSecretForADay) {
    std::string id = newCampaign("a");
    std::string original = ok({"campaign", "show", id})->getValue<std::string>("webhookSecret");
    EXPECT_TRUE(ok({"campaign", "show", id})->isNull("previousSecretExpiresAt"));

    auto before = domain::SystemClock().now();
    auto first = ok({"campaign", "rotate-secret", id});
    std::string second = first->getValue<std::string>("webhookSecret");
    EXPECT_TRUE(second.starts_with("whsec_"));
    EXPECT_NE(second, original);
    EXPECT_EQ(first->getValue<std::string>("previousWebhookSecret"), original);
    auto expiresAt = first->getValue<Poco::Int64>("previousSecretExpiresAt");
    EXPECT_GE(expiresAt, before + admin::kPreviousWebhookSecretLifetime);
    EXPECT_LE(expiresAt, domain::SystemClock().now() + admin::kPreviousWebhookSecretLifetime);
    EXPECT_FALSE(first->getValue<bool>("droppedEarlierSecret"));

    auto shown = ok({"campaign", "show", id});
    EXPECT_EQ(shown->getValue<std::string>("webhookSecret"), second);
    EXPECT_EQ(shown->getValue<Poco::Int64>("previousSecretExpiresAt"), expiresAt);
    EXPECT_THAT(run({"campaign", "list"}).out, Not(HasSubstr(original)));

    auto again = run({"campaign", "rotate-secret", id}, false);
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_THAT(again.out, HasSubstr("only one previous secret is kept"));
    EXPECT_THAT(again.out, HasSubstr("until 20"));  // the expiry, in ISO 8601
    auto now = ok({"campaign", "show", id});
    EXPECT_EQ(now->getValue<std::string>("previousWebhookSecret"), second);
    EXPECT_NE(now->getValue<std::string>("webhookSecret"), second);
    EXPECT_NE(now->getValue<std::string>("webhookSecret"), original);

    auto unknown = run({"campaign", "rotate-secret", "campaign_nope"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_THAT(unknown.err, HasSubstr("no campaign with id campaign_nope"));
}
