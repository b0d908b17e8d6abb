#pragma once

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// Beyond the spec, the "listed in the campaign dashboard" of failed webhooks: a campaign's
// deliveries with their attempts, and redelivery of one.
void addWebhookDeliveryRoutes(RouteTable& routes, ApiServices& services);

}  // namespace lodestone::api
