#pragma once

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// The lead-magnet half of the API: generate, the project's schema, both status endpoints and
// retry.
void addLeadMagnetRoutes(RouteTable& routes, ApiServices& services);

}  // namespace lodestone::api
