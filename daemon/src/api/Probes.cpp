#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include "api/ApiRoutes.hpp"
#include "api/JsonResponse.hpp"
#include "metrics/Exposition.hpp"

namespace lodestone::api {
namespace {

using Poco::Net::HTTPResponse;

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

class MetricsHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit MetricsHandler(MetricsScrape scrape) : scrape_(std::move(scrape)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        const std::string text = scrape_();
        response.setStatus(HTTPResponse::HTTP_OK);
        response.setContentType(std::string(metrics::Exposition::kContentType));
        response.set("Cache-Control", "no-store");
        response.setContentLength64(static_cast<Poco::Int64>(text.size()));
        if (request.getMethod() == "HEAD") {
            response.send();
            return;
        }
        response.sendBuffer(text.data(), text.size());
    }

  private:
    MetricsScrape scrape_;
};

}  // namespace

routing::Route metricsRoute(MetricsScrape scrape) {
    return {"GET", "/metrics", {}, [scrape = std::move(scrape)](const auto&, const auto&) {
                return new MetricsHandler(scrape);
            }};
}

std::vector<routing::Route> probeRoutes(ApiServices& services) {
    std::vector<routing::Route> rows{
        {"GET",
         "/healthz",
         {},
         [&services](const auto&, const auto&) { return new HealthHandler(services.store); }},
        {"GET",
         "/readyz",
         {},
         [&services](const auto&, const auto&) { return new ReadyHandler(services.notReady); }},
    };
    if (services.metrics) rows.push_back(metricsRoute(services.metrics));
    return rows;
}

}  // namespace lodestone::api
