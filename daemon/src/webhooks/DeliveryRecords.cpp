#include "webhooks/DeliveryRecords.hpp"

#include <Poco/JSON/Array.h>

#include <sstream>

#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"

namespace lodestone::webhooks {
namespace {

using domain::orderedObject;
using domain::orNull;

Poco::Dynamic::Var payloadOf(const domain::WebhookDelivery& delivery) {
    // Shown as stored rather than hidden when it does not parse.
    return domain::parseOrdered(delivery.payloadJson)
        .value_or(Poco::Dynamic::Var(delivery.payloadJson));
}

Poco::JSON::Object::Ptr renderAttempt(const domain::WebhookAttempt& attempt) {
    auto out = orderedObject();
    out->set("number", attempt.number);
    out->set("redelivery", attempt.manual);
    out->set("url", orNull(attempt.url));
    out->set("startedAt", attempt.startedAt);
    out->set("finishedAt", orNull(attempt.finishedAt));
    std::string outcome = "in_flight";
    if (attempt.delivered) outcome = *attempt.delivered ? "delivered" : "failed";
    out->set("outcome", outcome);
    out->set("statusCode", orNull(attempt.statusCode));
    out->set("latencyMs", orNull(attempt.latencyMs));
    out->set("error", orNull(attempt.error));
    return out;
}

}  // namespace

std::vector<DeliveryRecord> listDeliveries(storage::Repositories& repositories,
                                           const storage::DeliveryFilter& filter) {
    std::vector<DeliveryRecord> records;
    for (auto& delivery : repositories.webhookDeliveries().list(filter)) {
        auto attempts = repositories.webhookDeliveries().attempts(delivery.id);
        records.push_back({std::move(delivery), std::move(attempts)});
    }
    return records;
}

std::optional<DeliveryRecord> findDelivery(storage::Repositories& repositories,
                                           const std::string& id) {
    auto delivery = repositories.webhookDeliveries().find(id);
    if (!delivery) return std::nullopt;
    return DeliveryRecord{*delivery, repositories.webhookDeliveries().attempts(id)};
}

DeliveryRecord redeliver(storage::Repositories& repositories, const std::string& id,
                         domain::Timestamp now, const DeliveryOwner& owner) {
    auto existing = repositories.webhookDeliveries().find(id);
    if (!existing) throw DeliveryNotFound("no webhook delivery with id " + id);
    if (owner.campaignId && existing->campaignId != owner.campaignId) {
        throw DeliveryNotFound("no webhook delivery " + id + " in campaign " + *owner.campaignId);
    }
    if (owner.endpointId && existing->endpointId != owner.endpointId) {
        throw DeliveryNotFound("no webhook delivery " + id + " of endpoint " + *owner.endpointId);
    }
    if (!repositories.webhookDeliveries().redeliver(id, now)) {
        throw DeliveryStillPending("webhook delivery " + id +
                                   " is still pending: its next attempt is already queued");
    }
    return *findDelivery(repositories, id);
}

Poco::JSON::Object::Ptr renderDelivery(const DeliveryRecord& record) {
    const auto& delivery = record.delivery;
    auto out = orderedObject();
    out->set("id", delivery.id);
    out->set("event", delivery.event);
    out->set("campaignId", orNull(delivery.campaignId));
    // Only for an endpoint's event, so a campaign's deliveries keep the shape they had.
    if (delivery.endpointId) out->set("endpointId", *delivery.endpointId);
    out->set("status", std::string(domain::toString(delivery.status)));
    out->set("attemptCount", delivery.attemptCount);
    out->set("nextAttemptAt", orNull(delivery.nextAttemptAt));
    out->set("redelivery", delivery.manual);
    out->set("lastError", orNull(delivery.lastError));
    out->set("createdAt", delivery.createdAt);
    out->set("updatedAt", delivery.updatedAt);
    out->set("deliveredAt", orNull(delivery.deliveredAt));
    out->set("payload", payloadOf(delivery));
    Poco::JSON::Array::Ptr attempts = new Poco::JSON::Array();
    for (const auto& attempt : record.attempts) attempts->add(renderAttempt(attempt));
    out->set("attempts", attempts);
    return out;
}

std::string queueTestEvent(storage::Repositories& repositories, const domain::Campaign& campaign,
                           domain::Timestamp now) {
    auto payload = domain::orderedObject();
    payload->set("event", "test");
    payload->set("campaignId", campaign.id);
    payload->set("message",
                 "A test event from Lodestone: this endpoint receives and can verify deliveries.");
    std::ostringstream text;
    payload->stringify(text);
    const std::string id = domain::newId(domain::IdKind::WebhookEvent);
    repositories.webhookDeliveries().insert(
        {id, campaign.organisationId, campaign.id, "test", text.str(), now, std::nullopt});
    return id;
}

}  // namespace lodestone::webhooks
