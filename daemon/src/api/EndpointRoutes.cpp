#include <Poco/JSON/Array.h>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/JsonResponse.hpp"
#include "api/WebhookDeliveryRoutes.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"

namespace lodestone::api {
namespace {

// A key sees its organisation's endpoints; one restricted to some projects, only those that are
// organisation-wide or for one of its projects.
bool visibleTo(const domain::WebhookEndpoint& endpoint, const ApiRequest& request) {
    return endpoint.organisationId == request.key.organisationId &&
           (!endpoint.projectId || request.key.mayUseProject(*endpoint.projectId));
}

domain::WebhookEndpoint ownEndpoint(ApiServices& services, const ApiRequest& request) {
    const std::string& id = request.param("endpointId");
    auto endpoint = services.store.read([&](storage::Repositories& repositories) {
        return repositories.webhookEndpoints().find(id);
    });
    // Another organisation's endpoint is as unknown as one that does not exist: its id is no
    // public handle, unlike a campaign's.
    if (!endpoint || !visibleTo(*endpoint, request)) throw ApiError(404, "Endpoint not found");
    return *endpoint;
}

Poco::JSON::Object::Ptr renderEndpoint(const domain::WebhookEndpoint& endpoint) {
    auto out = orderedObject();
    out->set("id", endpoint.id);
    out->set("projectId", domain::orNull(endpoint.projectId));
    out->set("url", endpoint.url);
    out->set("events", stringArray(endpoint.events));
    Poco::Dynamic::Var schedule;
    if (endpoint.retryDelaysMs) {
        Poco::JSON::Array::Ptr delays = new Poco::JSON::Array();
        for (auto delay : *endpoint.retryDelaysMs) delays->add(delay);
        schedule = delays;
    }
    out->set("retryScheduleMs", schedule);
    out->set("status", endpoint.disabledAt ? "deleted" : "active");
    out->set("createdAt", endpoint.createdAt);
    out->set("deletedAt", domain::orNull(endpoint.disabledAt));
    return out;
}

ApiResponse listEndpoints(ApiServices& services, ApiRequest& request) {
    auto endpoints = services.store.read([&](storage::Repositories& repositories) {
        return repositories.webhookEndpoints().list(request.key.organisationId);
    });
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& endpoint : endpoints) {
        if (visibleTo(endpoint, request)) out->add(renderEndpoint(endpoint));
    }
    auto body = orderedObject();
    body->set("success", true);
    body->set("endpoints", out);
    return {200, body};
}

ApiResponse listEndpointDeliveries(ApiServices& services, ApiRequest& request) {
    storage::DeliveryFilter filter;
    filter.endpointId = ownEndpoint(services, request).id;
    return listDeliveries(services, request, filter);
}

ApiResponse redeliverEndpointDelivery(ApiServices& services, ApiRequest& request) {
    return redeliver(services, request.param("deliveryId"),
                     {std::nullopt, ownEndpoint(services, request).id});
}

}  // namespace

void addEndpointRoutes(ApiRoutes& routes, ApiServices& services) {
    routes.add({"GET", "/api/webhook-endpoints", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return listEndpoints(services, request); }});
    routes.add(
        {"GET", "/api/webhook-endpoints/{endpointId}/deliveries", RouteGroup::Status, false,
         [&services](ApiRequest& request) { return listEndpointDeliveries(services, request); }});
    routes.add({"POST", "/api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
                RouteGroup::Status, false, [&services](ApiRequest& request) {
                    return redeliverEndpointDelivery(services, request);
                }});
}

}  // namespace lodestone::api
