#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "events/LifecycleEvents.hpp"

// What an event says about the lead or prospect it is about (docs/events.md, "Payloads"), and
// the event for each.
namespace lodestone::events {

// {"id", "campaignId", "companyName", "contactName", "email", "title", "status", "score"}: the
// prospect as it is after what happened.
Poco::JSON::Object::Ptr prospectSubject(const domain::Prospect& prospect);

// {"id", "projectId", "email", "leadMagnetUrl"}.
Poco::JSON::Object::Ptr leadSubject(const domain::Lead& lead);

// An event about a campaign's prospect: {"campaignId", "prospect", …extra}.
LifecycleEvent prospectEvent(std::string type, const domain::Prospect& prospect,
                             Poco::JSON::Object::Ptr extra = nullptr);

// An event about a lead magnet's lead: {"projectId", "lead", "jobId", …extra}.
LifecycleEvent leadEvent(std::string type, const domain::Lead& lead,
                         const std::optional<std::string>& jobId,
                         Poco::JSON::Object::Ptr extra = nullptr);

// Publishes `type` about the prospect or lead as stored now (nothing when it no longer exists),
// in the caller's transaction: what most places that change a prospect or lead call.
void publishAboutProspect(storage::Repositories& repositories, std::string type,
                          const std::string& prospectId, domain::Timestamp now,
                          Poco::JSON::Object::Ptr extra = nullptr);
void publishAboutLead(storage::Repositories& repositories, std::string type,
                      const std::string& leadId, const std::optional<std::string>& jobId,
                      domain::Timestamp now, Poco::JSON::Object::Ptr extra = nullptr);

}  // namespace lodestone::events
