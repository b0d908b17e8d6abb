#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"

namespace lodestone::api {

// Beyond the spec (docs/events.md): GET /api/webhook-endpoints, the caller's event endpoints;
// GET /api/webhook-endpoints/{endpointId}/deliveries and POST …/deliveries/{deliveryId}/redeliver,
// as a campaign's webhook-deliveries routes are for its URL.
void addEndpointRoutes(ApiRoutes& routes, ApiServices& services);

}  // namespace lodestone::api
