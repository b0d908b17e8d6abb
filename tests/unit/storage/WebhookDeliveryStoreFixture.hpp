#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "storage/CampaignRepository.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "unit/storage/ProspectStoreFixture.hpp"

namespace lodestone::storage::test {

// The prospect store plus the webhook outbox calls the delivery loop makes, one transaction
// each, as it makes them.
class WebhookDeliveryStoreFixture : public ProspectStoreFixture {
  protected:
    static constexpr domain::Timestamp kLease = 30'000;

    domain::OutboxEvent add(const domain::Campaign& in, domain::Timestamp createdAt) {
        domain::OutboxEvent event{domain::newId(domain::IdKind::WebhookEvent),
                                  in.organisationId,
                                  in.id,
                                  "meeting_booked",
                                  R"({"event":"meeting_booked","campaignId":")" + in.id + "\"}",
                                  createdAt};
        store_->write([&](Repositories& r) { r.webhookDeliveries().insert(event); });
        return event;
    }

    domain::WebhookDelivery find(const std::string& id) {
        auto found = store_->read([&](Repositories& r) { return r.webhookDeliveries().find(id); });
        if (!found) throw std::runtime_error("no delivery " + id);
        return *found;
    }

    std::vector<domain::WebhookDelivery> list(const DeliveryFilter& filter) {
        return store_->read([&](Repositories& r) { return r.webhookDeliveries().list(filter); });
    }

    std::vector<domain::WebhookAttempt> attempts(const std::string& id) {
        return store_->read([&](Repositories& r) { return r.webhookDeliveries().attempts(id); });
    }

    std::vector<domain::WebhookDelivery> claim(const std::string& owner, domain::Timestamp now,
                                               int limit = 10) {
        return store_->write([&](Repositories& r) {
            return r.webhookDeliveryQueue().claim(owner, now, now + kLease, limit);
        });
    }

    std::optional<domain::Timestamp> nextDue() {
        return store_->read([](Repositories& r) { return r.webhookDeliveryQueue().nextDue(); });
    }

    bool finish(const AttemptOutcome& outcome) {
        return store_->write(
            [&](Repositories& r) { return r.webhookDeliveryQueue().finishAttempt(outcome); });
    }

    // A failure of `owner`'s attempt `number`, retried at `retryAt` when given.
    bool fail(const std::string& id, const std::string& owner, int number, domain::Timestamp at,
              std::optional<domain::Timestamp> retryAt = std::nullopt) {
        return finish({id, owner, number, at, false, 500, 7, "HTTP 500", retryAt});
    }

    bool deliver(const std::string& id, const std::string& owner, int number,
                 domain::Timestamp at) {
        return finish({id, owner, number, at, true, 204, 5, std::nullopt, std::nullopt});
    }

    bool release(const std::string& id, const std::string& owner, int number) {
        return store_->write(
            [&](Repositories& r) { return r.webhookDeliveryQueue().release(id, owner, number); });
    }

    bool redeliver(const std::string& id, domain::Timestamp now) {
        return store_->write(
            [&](Repositories& r) { return r.webhookDeliveries().redeliver(id, now); });
    }

    void setWebhookUrl(domain::Campaign& c, std::optional<std::string> url) {
        c.webhookUrl = std::move(url);
        store_->write([&](Repositories& r) { r.campaigns().update(c); });
    }

    static std::vector<std::string> ids(const std::vector<domain::WebhookDelivery>& deliveries) {
        std::vector<std::string> out;
        for (const auto& d : deliveries) out.push_back(d.id);
        return out;
    }
};

}  // namespace lodestone::storage::test
