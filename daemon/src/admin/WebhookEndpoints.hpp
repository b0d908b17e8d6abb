#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Time.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "storage/Repositories.hpp"

// Endpoints an organisation subscribes to lifecycle events (docs/events.md), as lodestonectl
// makes, lists and deletes them.
namespace lodestone::admin {

struct EndpointDraft {
    std::string organisationId;
    std::optional<std::string> projectId;  // only this project's lead-magnet events
    std::string url;
    std::string events;                        // "lead.created,email.sent"
    std::optional<std::string> retrySchedule;  // "1m,5m,30m" (none: webhooks.retry_schedule)
};

// Checks every part (InvalidRequest naming it; NotFound for an unknown organisation) and stores
// the endpoint with a new signing secret.
domain::WebhookEndpoint createEndpoint(storage::Repositories& repositories,
                                       const EndpointDraft& draft, domain::Timestamp now);

// Stops its deliveries: nothing new is queued for it, and what is pending fails at its next
// attempt. NotFound for an unknown one; false when it was already deleted.
bool deleteEndpoint(storage::Repositories& repositories, const std::string& id,
                    domain::Timestamp now);

domain::WebhookEndpoint endpoint(storage::Repositories& repositories, const std::string& id);

}  // namespace lodestone::admin
