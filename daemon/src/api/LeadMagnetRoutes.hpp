#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"

namespace lodestone::api {

// The lead-magnet half of the API: generate, the project's schema, both status endpoints and
// retry.
void addLeadMagnetRoutes(ApiRoutes& routes, ApiServices& services);

}  // namespace lodestone::api
