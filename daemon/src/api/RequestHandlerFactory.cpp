#include "api/RequestHandlerFactory.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>

#include "api/ApiRequestHandler.hpp"
#include "api/CalendarHookHandler.hpp"
#include "api/JsonResponse.hpp"
#include "api/MeteredHandler.hpp"
#include "api/MetricsRoute.hpp"
#include "dashboard/Dashboard.hpp"
#include "pages/BookingLinkHandler.hpp"
#include "pages/BrandLogo.hpp"
#include "pages/CallToActionHandler.hpp"
#include "pages/LeadMagnetPageHandler.hpp"
#include "pages/UnsubscribeHandler.hpp"

namespace lodestone::api {
namespace {

using Poco::Net::HTTPResponse;

// GET /healthz: the process serves HTTP and can read its database.
class HealthHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit HealthHandler(storage::Store& store) : store_(store) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        Poco::JSON::Object body;
        try {
            store_.schemaVersion();
            body.set("status", "ok");
            sendJson(request, response, HTTPResponse::HTTP_OK, body);
        } catch (const std::exception& e) {
            Poco::Logger::get("lodestone.api")
                .error("health check failed: %s", std::string(e.what()));
            body.set("status", "unavailable");
            body.set("error", "storage is unavailable");
            sendJson(request, response, HTTPResponse::HTTP_SERVICE_UNAVAILABLE, body);
        }
    }

  private:
    storage::Store& store_;
};

// GET /readyz: whether to send this process traffic (a load balancer's or orchestrator's probe).
class ReadyHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit ReadyHandler(std::function<std::optional<std::string>()> notReady)
        : notReady_(std::move(notReady)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        Poco::JSON::Object body;
        const auto problem = notReady_ ? notReady_() : std::nullopt;
        if (!problem) {
            body.set("status", "ready");
            sendJson(request, response, HTTPResponse::HTTP_OK, body);
            return;
        }
        body.set("status", "not_ready");
        body.set("reason", *problem);
        sendJson(request, response, HTTPResponse::HTTP_SERVICE_UNAVAILABLE, body);
    }

  private:
    std::function<std::optional<std::string>()> notReady_;
};

class NotFoundHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        sendError(request, response, HTTPResponse::HTTP_NOT_FOUND, "Not found");
    }
};

class MethodNotAllowedHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit MethodNotAllowedHandler(std::string allow) : allow_(std::move(allow)) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        response.set("Allow", allow_);
        sendError(request, response, HTTPResponse::HTTP_METHOD_NOT_ALLOWED, "Method not allowed");
    }

  private:
    std::string allow_;
};

}  // namespace

Poco::Net::HTTPRequestHandler* RequestHandlerFactory::createRequestHandler(
    const Poco::Net::HTTPServerRequest& request) {
    const std::string path = RouteTable::pathOf(request.getURI());
    const PathRoute route = routeOfPath(path);
    if (route.place == PathPlace::Api) {
        auto match = routes_.match(request.getMethod(), path);
        std::string label = apiRouteLabel(match);
        return new MeteredHandler(new ApiRequestHandler(services_, std::move(match)),
                                  std::move(label), services_.series);
    }
    if (route.place == PathPlace::Metrics && !services_.metrics) {
        return new MeteredHandler(new NotFoundHandler(), std::string(kUnmatchedRoute),
                                  services_.series);
    }
    return new MeteredHandler(handlerFor(request, route.place, path), std::string(route.label),
                              services_.series);
}

Poco::Net::HTTPRequestHandler* RequestHandlerFactory::handlerFor(
    const Poco::Net::HTTPServerRequest& request, PathPlace place, const std::string& path) const {
    const auto& method = request.getMethod();
    const bool reads = method == "GET" || method == "HEAD";
    switch (place) {
        case PathPlace::Health:
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            return new HealthHandler(services_.store);
        case PathPlace::Ready:
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            return new ReadyHandler(services_.notReady);
        case PathPlace::Metrics:
            return newMetricsHandler(request, services_.metrics);
        case PathPlace::BookingLink:
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            return new pages::BookingLinkHandler(services_.store, path.substr(3));
        case PathPlace::Unsubscribe:
            if (!reads && method != "POST") return new MethodNotAllowedHandler("GET, HEAD, POST");
            return new pages::UnsubscribeHandler(services_.store, path.substr(3));
        case PathPlace::BrandLogo:
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            return new pages::BrandLogoHandler(services_.store,
                                               path.substr(8, path.size() - 8 - 5));
        case PathPlace::CallToAction:
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            return new pages::CallToActionHandler(services_.store,
                                                  path.substr(3, path.size() - 3 - 4));
        case PathPlace::LeadMagnetPage:
        case PathPlace::LeadMagnetHost: {
            if (!reads) return new MethodNotAllowedHandler("GET, HEAD");
            // On a project's own host the handler checks that the lead's URL is exactly this
            // host and path.
            std::optional<std::string> requiredHost;
            if (place == PathPlace::LeadMagnetHost) {
                requiredHost = pages::hostNameOf(request.getHost());
            }
            return new pages::LeadMagnetPageHandler(
                services_.store, path.substr(place == PathPlace::LeadMagnetPage ? 3 : 1),
                requiredHost);
        }
        case PathPlace::CalcomHook:
            return new CalendarHookHandler(services_, outreach::calendar::CalendarProvider::CalCom,
                                           path.substr(kCalcomHookPrefix.size()));
        case PathPlace::CalendlyHook:
            return new CalendarHookHandler(services_,
                                           outreach::calendar::CalendarProvider::Calendly,
                                           path.substr(kCalendlyHookPrefix.size()));
        case PathPlace::Dashboard:
            if (!services_.dashboard) break;
            return services_.dashboard->newHandler();
        case PathPlace::Api:  // createRequestHandler's
        case PathPlace::Nowhere:
            break;
    }
    return new NotFoundHandler();
}

}  // namespace lodestone::api
