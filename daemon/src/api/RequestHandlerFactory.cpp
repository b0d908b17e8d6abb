#include "api/RequestHandlerFactory.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>

#include "api/ApiRequestHandler.hpp"
#include "api/JsonResponse.hpp"
#include "domain/Ids.hpp"
#include "pages/BookingLinkHandler.hpp"
#include "pages/BrandLogo.hpp"
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

Poco::Net::HTTPRequestHandler* RequestHandlerFactory::leadMagnetPage(
    const Poco::Net::HTTPServerRequest& request, const std::string& path) const {
    std::optional<std::string> leadId;
    std::optional<std::string> requiredHost;
    const std::string host = pages::hostNameOf(request.getHost());
    if (path.starts_with("/m/") && path.find('/', 3) == std::string::npos && path.size() > 3) {
        leadId = path.substr(3);
    } else if (domain::looksLikeId(domain::IdKind::Lead, std::string_view(path).substr(1))) {
        // A project's own lead-magnet host serves its leads at the root; the handler checks that
        // the lead's URL is exactly this host and path.
        leadId = path.substr(1);
        requiredHost = host;
    }
    if (!leadId) return nullptr;
    if (request.getMethod() != "GET" && request.getMethod() != "HEAD") {
        return new MethodNotAllowedHandler("GET, HEAD");
    }
    return new pages::LeadMagnetPageHandler(services_.store, *leadId, requiredHost);
}

Poco::Net::HTTPRequestHandler* RequestHandlerFactory::createRequestHandler(
    const Poco::Net::HTTPServerRequest& request) {
    std::string path = RouteTable::pathOf(request.getURI());
    if (path == "/healthz") {
        if (request.getMethod() == "GET" || request.getMethod() == "HEAD") {
            return new HealthHandler(services_.store);
        }
        return new MethodNotAllowedHandler("GET, HEAD");
    }
    if (path == "/readyz") {
        if (request.getMethod() == "GET" || request.getMethod() == "HEAD") {
            return new ReadyHandler(services_.notReady);
        }
        return new MethodNotAllowedHandler("GET, HEAD");
    }
    if (path == "/api" || path.starts_with("/api/")) {
        return new ApiRequestHandler(services_, routes_.match(request.getMethod(), path));
    }
    if (path.starts_with("/b/") && path.size() > 3 && path.find('/', 3) == std::string::npos) {
        if (request.getMethod() != "GET" && request.getMethod() != "HEAD") {
            return new MethodNotAllowedHandler("GET, HEAD");
        }
        return new pages::BookingLinkHandler(services_.store, path.substr(3));
    }
    if (path.starts_with("/u/") && path.size() > 3 && path.find('/', 3) == std::string::npos) {
        const auto& method = request.getMethod();
        if (method != "GET" && method != "HEAD" && method != "POST") {
            return new MethodNotAllowedHandler("GET, HEAD, POST");
        }
        return new pages::UnsubscribeHandler(services_.store, path.substr(3));
    }
    // A project's logo, for its pages on any host: /assets/{projectId}/logo.
    if (path.size() > 13 && path.starts_with("/assets/") && path.ends_with("/logo") &&
        domain::looksLikeId(domain::IdKind::Project,
                            std::string_view(path).substr(8, path.size() - 8 - 5))) {
        if (request.getMethod() != "GET" && request.getMethod() != "HEAD") {
            return new MethodNotAllowedHandler("GET, HEAD");
        }
        return new pages::BrandLogoHandler(services_.store, path.substr(8, path.size() - 8 - 5));
    }
    if (auto page = leadMagnetPage(request, path)) return page;
    return new NotFoundHandler();
}

}  // namespace lodestone::api
