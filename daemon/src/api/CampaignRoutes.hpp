#pragma once

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// The campaign half of the API: add a lead (the spec's Add Lead), read a prospect, record a
// booked meeting.
void addCampaignRoutes(RouteTable& routes, ApiServices& services);

}  // namespace lodestone::api
