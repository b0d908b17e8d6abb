#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"

namespace lodestone::api {

// The campaign half of the API: add a lead (the spec's Add Lead), read a prospect, record a
// booked meeting.
void addCampaignRoutes(ApiRoutes& routes, ApiServices& services);

}  // namespace lodestone::api
