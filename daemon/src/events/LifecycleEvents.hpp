#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::events {

// Every event type an endpoint may subscribe to, in the order docs/events.md lists them.
const std::vector<std::string>& eventTypes();
bool isEventType(std::string_view type);

// Something that happened to a lead or prospect of `organisationId`. `projectId` is the lead
// magnet's project (none for a campaign's prospect): an endpoint restricted to a project hears
// only that project's events. `fields` follow `event` and `occurredAt` in the payload.
struct LifecycleEvent {
    std::string type;
    std::string organisationId;
    std::optional<std::string> projectId;
    Poco::JSON::Object::Ptr fields;
    // The whole payload instead, as it is: meeting_booked keeps the spec's.
    Poco::JSON::Object::Ptr exactPayload = nullptr;
};

// Within the caller's transaction, so the event exists exactly when what it reports does:
// one outbox row per enabled endpoint subscribed to the type, each delivered, signed and
// retried on its own (its id is the webhook-id every attempt of it carries). The number of rows.
int publish(storage::Repositories& repositories, const LifecycleEvent& event,
            domain::Timestamp now);

}  // namespace lodestone::events
