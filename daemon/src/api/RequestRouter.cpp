#include "api/RequestRouter.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>

#include "api/ApiRequestHandler.hpp"
#include "api/JsonResponse.hpp"

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

Poco::Net::HTTPRequestHandler* RequestRouter::createRequestHandler(
    const Poco::Net::HTTPServerRequest& request) {
    std::string path = Router::pathOf(request.getURI());
    if (path == "/healthz") {
        if (request.getMethod() == "GET" || request.getMethod() == "HEAD") {
            return new HealthHandler(services_.store);
        }
        return new MethodNotAllowedHandler("GET, HEAD");
    }
    if (path == "/api" || path.starts_with("/api/")) {
        return new ApiRequestHandler(services_, routes_.match(request.getMethod(), path));
    }
    return new NotFoundHandler();
}

}  // namespace lodestone::api
