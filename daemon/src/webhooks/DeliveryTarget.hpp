#pragma once

#include <optional>
#include <string>

#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "storage/Repositories.hpp"
#include "webhooks/RetrySchedule.hpp"

namespace lodestone::webhooks {

// Where a delivery goes and what signs it: its campaign's webhook URL (meeting_booked, as the
// spec says) or the endpoint subscribed to its event (docs/events.md), as it is at the attempt.
struct DeliveryTarget {
    std::string kind;  // "campaign" or "endpoint"
    std::string name;  // "campaign campaign_…", "endpoint ep_…": for errors
    std::optional<std::string> url;
    std::string secret;
    std::optional<std::string> previousSecret;
    std::optional<domain::Timestamp> previousSecretExpiresAt;
    std::optional<RetrySchedule> schedule;  // none: webhooks.retry_schedule
    // Why nothing may be sent to it (an endpoint deleted since), and the command that sets the
    // URL, for the errors an attempt records.
    std::optional<std::string> refusal;
    std::string urlCommand;
};

DeliveryTarget targetOf(const domain::Campaign& campaign);
DeliveryTarget targetOf(const domain::WebhookEndpoint& endpoint);

// The delivery's target as stored now; none when its campaign or endpoint no longer exists.
std::optional<DeliveryTarget> findTarget(storage::Repositories& repositories,
                                         const domain::WebhookDelivery& delivery);

}  // namespace lodestone::webhooks
