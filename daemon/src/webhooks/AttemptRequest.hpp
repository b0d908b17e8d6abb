#pragma once

#include <string>
#include <utility>
#include <vector>

#include "domain/Records.hpp"
#include "domain/Time.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "webhooks/DeliveryTarget.hpp"

namespace lodestone::webhooks {

// What one attempt sends: the payload with this attempt's `timestamp`, signed per the Standard
// Webhooks specification. Built afresh for every attempt (the timestamp and so the signature
// change); the webhook-id never does.
struct AttemptRequest {
    std::string url;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;

    // The webhook plugin's input: {"deliveryId", "event", "attempt", "url", "headers", "body"}.
    std::string pluginInput(const domain::WebhookDelivery& delivery) const;
};

// The payload's `timestamp` is written as domain::isoUtc writes it.
using domain::isoUtc;

// Throws std::runtime_error when the stored payload is not a JSON object (a damaged row: the
// attempt fails with that message) and InvalidSecret for a damaged secret.
AttemptRequest buildAttemptRequest(const domain::WebhookDelivery& delivery,
                                   const DeliveryTarget& target, const std::string& url,
                                   domain::Timestamp nowMs);

}  // namespace lodestone::webhooks
