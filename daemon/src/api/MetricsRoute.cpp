#include "api/MetricsRoute.hpp"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include "api/JsonResponse.hpp"
#include "api/MeteredHandler.hpp"
#include "api/RouteLabel.hpp"
#include "api/RouteTable.hpp"
#include "metrics/Exposition.hpp"

namespace lodestone::api {
namespace {

using Poco::Net::HTTPResponse;

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

class RefusedHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    explicit RefusedHandler(int status) : status_(status) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        if (status_ == HTTPResponse::HTTP_METHOD_NOT_ALLOWED) {
            response.set("Allow", "GET, HEAD");
            sendError(request, response, status_, "Method not allowed");
        } else {
            sendError(request, response, status_, "Not found");
        }
    }

  private:
    int status_;
};

}  // namespace

Poco::Net::HTTPRequestHandler* newMetricsHandler(const Poco::Net::HTTPServerRequest& request,
                                                 const MetricsScrape& scrape) {
    if (request.getMethod() != "GET" && request.getMethod() != "HEAD") {
        return new RefusedHandler(HTTPResponse::HTTP_METHOD_NOT_ALLOWED);
    }
    return new MetricsHandler(scrape);
}

Poco::Net::HTTPRequestHandler* MetricsOnlyFactory::createRequestHandler(
    const Poco::Net::HTTPServerRequest& request) {
    if (RouteTable::pathOf(request.getURI()) == "/metrics") {
        return new MeteredHandler(newMetricsHandler(request, scrape_), "/metrics", series_);
    }
    return new MeteredHandler(new RefusedHandler(HTTPResponse::HTTP_NOT_FOUND),
                              std::string(kUnmatchedRoute), series_);
}

}  // namespace lodestone::api
