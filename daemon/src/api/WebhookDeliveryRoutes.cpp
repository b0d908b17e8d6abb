#include "api/WebhookDeliveryRoutes.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/NumberParser.h>

#include "api/ApiError.hpp"
#include "api/CampaignAccess.hpp"
#include "api/JsonResponse.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::api {
namespace {

constexpr int kDefaultLimit = 100;
constexpr int kMaxLimit = 500;

storage::DeliveryFilter filterOf(const ApiRequest& request, const domain::Campaign& campaign) {
    storage::DeliveryFilter filter;
    filter.campaignId = campaign.id;
    filter.limit = kDefaultLimit;
    if (auto status = request.queryParameter("status")) {
        filter.status = domain::deliveryStatusFromString(*status);
        if (!filter.status) {
            ApiError error(400, "status must be one of pending, delivered, failed");
            error.with("invalidFields", stringArray({"status"}));
            throw error;
        }
    }
    if (auto limit = request.queryParameter("limit")) {
        int value = 0;
        if (!Poco::NumberParser::tryParse(*limit, value) || value < 1 || value > kMaxLimit) {
            ApiError error(400,
                           "limit must be a whole number from 1 to " + std::to_string(kMaxLimit));
            error.with("invalidFields", stringArray({"limit"}));
            throw error;
        }
        filter.limit = value;
    }
    return filter;
}

ApiResponse listDeliveries(ApiServices& services, ApiRequest& request) {
    const domain::Campaign campaign = ownCampaign(services, request);
    const auto filter = filterOf(request, campaign);
    auto records = services.store.read([&](storage::Repositories& repositories) {
        return webhooks::listDeliveries(repositories, filter);
    });
    Poco::JSON::Array::Ptr deliveries = new Poco::JSON::Array();
    for (const auto& record : records) deliveries->add(webhooks::renderDelivery(record));
    auto body = orderedObject();
    body->set("success", true);
    body->set("deliveries", deliveries);
    return {200, body};
}

ApiResponse redeliver(ApiServices& services, ApiRequest& request) {
    const domain::Campaign campaign = ownCampaign(services, request);
    const std::string& id = request.param("deliveryId");
    std::optional<webhooks::DeliveryRecord> record;
    try {
        // Another campaign's delivery is as unknown here as one that does not exist.
        record = services.store.write([&](storage::Repositories& repositories) {
            return webhooks::redeliver(repositories, id, domain::nowMillis(), campaign.id);
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

}  // namespace

void addWebhookDeliveryRoutes(RouteTable& routes, ApiServices& services) {
    routes.add({"GET", "/api/campaigns/{campaignId}/webhook-deliveries", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return listDeliveries(services, request); }});
    routes.add({"POST", "/api/campaigns/{campaignId}/webhook-deliveries/{deliveryId}/redeliver",
                RouteGroup::Status, false,
                [&services](ApiRequest& request) { return redeliver(services, request); }});
}

}  // namespace lodestone::api
