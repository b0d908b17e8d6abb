#pragma once

#include "api/ApiServices.hpp"
#include "api/Router.hpp"

namespace lodestone::api {

// The campaign half of the API: add a lead (the spec's Add Lead), read a prospect, record a
// booked meeting.
void addCampaignRoutes(Router& router, ApiServices& services);

}  // namespace lodestone::api
