#pragma once

#include <Poco/JSON/Object.h>

#include "domain/Records.hpp"

// The views of an organisation's settings records that the API's listings and lodestonectl both
// show, so the two never drift apart.
namespace lodestone::domain {

// id, organisationId, name, leadMagnetHost, creditsPerGeneration, createdAt; then the schema
// and settings when `withSchema`.
Poco::JSON::Object::Ptr projectView(const Project& project, bool withSchema);

// id, organisationId, name, webhookUrl, calendarUrl, createdAt: never a secret.
Poco::JSON::Object::Ptr campaignView(const Campaign& campaign);

}  // namespace lodestone::domain
