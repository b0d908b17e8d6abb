#include "api/WebhookDeliveryRoutes.hpp"

#include <Poco/JSON/Array.h>

#include "api/ApiError.hpp"
#include "api/CampaignAccess.hpp"
#include "api/JsonResponse.hpp"
#include "api/ListPaging.hpp"
#include "storage/PageRequest.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::api {
namespace {

ApiResponse listCampaignDeliveries(ApiServices& services, ApiRequest& request) {
    storage::DeliveryFilter filter;
    filter.campaignId = ownCampaign(services, request).id;
    return listDeliveries(services, request, filter);
}

ApiResponse redeliverCampaignDelivery(ApiServices& services, ApiRequest& request) {
    // Another campaign's delivery is as unknown here as one that does not exist.
    return redeliver(services, request.param("deliveryId"), {ownCampaign(services, request).id});
}

}  // namespace

ApiResponse listDeliveries(ApiServices& services, const ApiRequest& request,
                           storage::DeliveryFilter filter) {
    const auto page = pageRequested(request);
    filter.limit = page.limit;
    filter.after = page.after;
    if (auto status = request.queryParameter("status")) {
        filter.status = domain::deliveryStatusFromString(*status);
        if (!filter.status) {
            refuseParameter("status", "status must be one of pending, delivered, failed");
        }
    }
    auto records = services.store.read([&](storage::Repositories& repositories) {
        return webhooks::listDeliveries(repositories, filter);
    });
    auto next = storage::endOfPage(records, page, [](const webhooks::DeliveryRecord& record) {
        return storage::PageStart{record.delivery.createdAt, record.delivery.id};
    });
    Poco::JSON::Array::Ptr deliveries = new Poco::JSON::Array();
    for (const auto& record : records) deliveries->add(webhooks::renderDelivery(record));
    return listAnswer("deliveries", deliveries, next);
}

ApiResponse redeliver(ApiServices& services, const std::string& deliveryId,
                      const webhooks::DeliveryOwner& owner) {
    std::optional<webhooks::DeliveryRecord> record;
    try {
        record = services.store.write([&](storage::Repositories& repositories) {
            return webhooks::redeliver(repositories, deliveryId, services.clock.now(), owner);
        });
    } catch (const webhooks::DeliveryNotFound&) {
        throw ApiError(404, "Webhook delivery not found");
    } catch (const webhooks::DeliveryStillPending& e) {
        ApiError error(409, e.what());
        error.with("status", "pending");
        throw error;
    }
    services.webhookQueued();
    auto body = orderedObject();
    body->set("success", true);
    body->set("delivery", webhooks::renderDelivery(*record));
    body->set("message", "Redelivery queued with the same webhook-id");
    return {202, body};
}

void addWebhookDeliveryRoutes(ApiRoutes& routes, ApiServices& services) {
    routes.add(
        {"GET", "/api/campaigns/{campaignId}/webhook-deliveries", RouteGroup::Status, false,
         [&services](ApiRequest& request) { return listCampaignDeliveries(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/webhook-deliveries/{deliveryId}/redeliver",
                RouteGroup::Status, false, [&services](ApiRequest& request) {
                    return redeliverCampaignDelivery(services, request);
                }});
}

}  // namespace lodestone::api
