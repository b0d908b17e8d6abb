#include "events/LifecycleEvents.hpp"

#include <algorithm>
#include <sstream>

#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::events {

const std::vector<std::string>& eventTypes() {
    static const std::vector<std::string> types = {
        "meeting_booked",     "meeting_cancelled",     "lead.created", "research.completed",
        "research.failed",    "magnet.generated",      "lead.failed",  "magnet.viewed",
        "prospect.qualified", "prospect.disqualified", "email.sent",   "email.bounced",
        "prospect.replied",   "prospect.unsubscribed"};
    return types;
}

bool isEventType(std::string_view type) {
    const auto& types = eventTypes();
    return std::find(types.begin(), types.end(), type) != types.end();
}

int publish(storage::Repositories& repositories, const LifecycleEvent& event,
            domain::Timestamp now) {
    int written = 0;
    std::optional<std::string> payload;
    for (const auto& endpoint : repositories.webhookEndpoints().enabled(event.organisationId)) {
        if (!endpoint.wants(event.type, event.projectId)) continue;
        if (!payload) {
            auto body = event.exactPayload ? event.exactPayload : domain::orderedObject();
            if (!event.exactPayload) {
                body->set("event", event.type);
                body->set("occurredAt", domain::isoUtc(now));
                body->set("organisationId", event.organisationId);
            }
            if (event.fields && !event.exactPayload) {
                for (const auto& name : event.fields->getNames()) {
                    body->set(name, event.fields->get(name));
                }
            }
            std::ostringstream text;
            body->stringify(text);
            payload = text.str();
        }
        domain::OutboxEvent row;
        row.id = domain::newId(domain::IdKind::WebhookEvent);
        row.organisationId = event.organisationId;
        row.endpointId = endpoint.id;
        row.event = event.type;
        row.payloadJson = *payload;
        row.createdAt = now;
        repositories.webhookDeliveries().insert(row);
        ++written;
    }
    return written;
}

}  // namespace lodestone::events
