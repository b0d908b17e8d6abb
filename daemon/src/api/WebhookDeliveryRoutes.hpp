#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::api {

// What both the campaign and the endpoint routes answer (docs/webhooks.md): the deliveries
// `filter` names, a page at a time by the request's `limit`, `cursor` and `status`...
ApiResponse listDeliveries(ApiServices& services, const ApiRequest& request,
                           storage::DeliveryFilter filter);
// ...and a redelivery of one of `owner`'s (404 for another's, 409 while still pending).
ApiResponse redeliver(ApiServices& services, const std::string& deliveryId,
                      const webhooks::DeliveryOwner& owner);

}  // namespace lodestone::api
