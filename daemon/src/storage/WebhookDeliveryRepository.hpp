#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Prospects.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Which deliveries a listing shows; newest first.
struct DeliveryFilter {
    std::optional<std::string> organisationId;
    std::optional<std::string> campaignId;
    std::optional<domain::DeliveryStatus> status;
    int limit = 100;
    std::optional<PageStart> after = std::nullopt;
    std::optional<std::string> endpointId = std::nullopt;
    // Events whose payload names this id as a JSON string (a prospect's or a lead's, whose ids
    // are unique): a person's data. Read by scanning the organisation's events.
    std::optional<std::string> mentioning = std::nullopt;
};

// The webhook outbox: events written in the transaction that caused them, then their delivery
// attempts. The delivery engine takes and finishes them through the WebhookDeliveryQueue.
class WebhookDeliveryRepository {
  public:
    virtual ~WebhookDeliveryRepository() = default;
    // A new event: pending, its first attempt due at its creation time.
    virtual void insert(const domain::OutboxEvent& event) = 0;
    virtual std::optional<domain::WebhookDelivery> find(const std::string& id) = 0;
    virtual std::vector<domain::WebhookDelivery> list(const DeliveryFilter& filter) = 0;
    // In the order made.
    virtual std::vector<domain::WebhookAttempt> attempts(const std::string& deliveryId) = 0;
    // Queues one fresh attempt of a delivered or failed delivery, due at `now`, with no retries
    // after it. False when the delivery is pending (or does not exist).
    virtual bool redeliver(const std::string& id, Timestamp now) = 0;
};

}  // namespace lodestone::storage
