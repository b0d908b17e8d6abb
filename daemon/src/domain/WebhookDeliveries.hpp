#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::domain {

// Where a webhook delivery stands. The database enforces the same three values.
enum class DeliveryStatus {
    Pending,    // an attempt is due now or later (or one is being made)
    Delivered,  // an attempt got a 2xx
    Failed,     // the last attempt allowed failed; an operator may redeliver it
};

std::string_view toString(DeliveryStatus status);
std::optional<DeliveryStatus> deliveryStatusFromString(std::string_view text);

// One event on its way to a campaign's webhook URL: the outbox row and its delivery state. Its
// id is the `webhook-id` every attempt carries, so receivers can drop duplicates.
struct WebhookDelivery {
    std::string id;
    std::string organisationId;
    std::optional<std::string> campaignId;  // a campaign's event: to its webhook URL
    std::optional<std::string> endpointId;  // else an endpoint's (docs/events.md)
    std::string event;                      // "meeting_booked", "lead.created", …
    std::string payloadJson;  // the spec's payload without `timestamp`, which is set per attempt
    Timestamp createdAt = 0;
    DeliveryStatus status = DeliveryStatus::Pending;
    int attemptCount = 0;                    // attempts started, including one in flight
    std::optional<Timestamp> nextAttemptAt;  // while pending
    // A redelivery an operator asked for: one attempt, no retries after it.
    bool manual = false;
    std::optional<Timestamp> deliveredAt;
    std::optional<std::string> lastError;
    Timestamp updatedAt = 0;
    // Who is making the current attempt, and until when that claim holds.
    std::optional<std::string> leaseOwner;
    std::optional<Timestamp> leaseExpiresAt;
};

// Where an organisation (or one of its projects) wants lifecycle events delivered: the types it
// subscribed to, its own signing secret and, optionally, its own retry schedule.
struct WebhookEndpoint {
    std::string id;
    std::string organisationId;
    std::optional<std::string> projectId;  // none: every event of the organisation
    std::string url;
    std::string secret;                                      // "whsec_…", as a campaign's
    std::vector<std::string> events;                         // the event types it receives
    std::optional<std::vector<std::int64_t>> retryDelaysMs;  // none: webhooks.retry_schedule
    Timestamp createdAt = 0;
    std::optional<Timestamp> disabledAt;

    // Whether an event of `type` about `projectId` (none: a campaign's) goes to it.
    bool wants(std::string_view type, const std::optional<std::string>& projectId) const;
};

// One try at delivering: when it went out, to which URL and what came back.
struct WebhookAttempt {
    std::string deliveryId;
    int number = 0;                  // 1-based, in the order made
    std::optional<std::string> url;  // the campaign's webhook URL at the time (none: not set)
    bool manual = false;
    Timestamp startedAt = 0;
    std::optional<Timestamp> finishedAt;  // none while in flight
    std::optional<bool> delivered;        // none while in flight
    std::optional<int> statusCode;        // none: no HTTP response
    std::optional<std::int64_t> latencyMs;
    std::optional<std::string> error;
};

}  // namespace lodestone::domain
