#include "webhooks/AttemptRequest.hpp"

#include <sstream>
#include <stdexcept>

#include "domain/JsonValues.hpp"
#include "webhooks/Signature.hpp"

namespace lodestone::webhooks {
namespace {

// Key order is kept so that receivers see the spec's field order.
Poco::JSON::Object::Ptr storedPayload(const domain::WebhookDelivery& delivery) {
    return domain::parseObject(delivery.payloadJson,
                               "the stored payload of delivery " + delivery.id);
}

}  // namespace

AttemptRequest buildAttemptRequest(const domain::WebhookDelivery& delivery,
                                   const DeliveryTarget& target, const std::string& url,
                                   domain::Timestamp nowMs) {
    auto payload = storedPayload(delivery);
    payload->set("timestamp", isoUtc(nowMs));
    std::ostringstream body;
    payload->stringify(body);

    AttemptRequest request;
    request.url = url;
    request.body = body.str();
    const std::int64_t seconds = nowMs / 1000;
    request.headers = {
        {"Content-Type", "application/json"},
        {"webhook-id", delivery.id},
        {"webhook-timestamp", std::to_string(seconds)},
        {"webhook-signature", signatureHeader(target, nowMs, delivery.id, seconds, request.body)},
    };
    return request;
}

std::string AttemptRequest::pluginInput(const domain::WebhookDelivery& delivery) const {
    auto input = domain::orderedObject();
    input->set("deliveryId", delivery.id);
    input->set("event", delivery.event);
    input->set("attempt", delivery.attemptCount);
    input->set("url", url);
    auto headerObject = domain::orderedObject();
    for (const auto& [name, value] : headers) headerObject->set(name, value);
    input->set("headers", headerObject);
    input->set("body", body);
    std::ostringstream text;
    input->stringify(text);
    return text.str();
}

}  // namespace lodestone::webhooks
