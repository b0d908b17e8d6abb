#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"
#include "storage/Repositories.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::api {

// Beyond the spec, the "listed in the campaign dashboard" of failed webhooks: a campaign's
// deliveries with their attempts, and redelivery of one.
void addWebhookDeliveryRoutes(ApiRoutes& routes, ApiServices& services);

// What both the campaign and the endpoint routes answer (docs/webhooks.md): the deliveries
// `filter` names, a page at a time by the request's `limit`, `cursor` and `status`...
ApiResponse listDeliveries(ApiServices& services, const ApiRequest& request,
                           storage::DeliveryFilter filter);
// ...and a redelivery of one of `owner`'s (404 for another's, 409 while still pending).
ApiResponse redeliver(ApiServices& services, const std::string& deliveryId,
                      const webhooks::DeliveryOwner& owner);

}  // namespace lodestone::api
