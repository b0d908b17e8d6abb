#pragma once

#include <Poco/JSON/Object.h>

#include "outreach/stats/CampaignStats.hpp"

namespace lodestone::outreach::stats {

// The numbers as GET /api/campaigns/{id}/stats, GET /api/stats and `lodestonectl campaign stats`
// show them (docs/api.md, Campaign numbers).
Poco::JSON::Object::Ptr toJson(const CampaignStats& stats);

}  // namespace lodestone::outreach::stats
