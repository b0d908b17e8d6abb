#pragma once

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>

#include <functional>
#include <string>

#include "metrics/Series.hpp"

namespace lodestone::api {

// What GET /metrics answers: the whole scrape in the text format (app builds it).
using MetricsScrape = std::function<std::string()>;

// GET or HEAD /metrics: the scrape as text/plain; version=0.0.4. Other methods get 405.
Poco::Net::HTTPRequestHandler* newMetricsHandler(const Poco::Net::HTTPServerRequest& request,
                                                 const MetricsScrape& scrape);

// The handlers of server.metrics_listen: /metrics and nothing else (a JSON 404), so that the
// port can be opened to a scraper without opening the API. Its requests are counted like the
// main listener's.
class MetricsOnlyFactory final : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    MetricsOnlyFactory(MetricsScrape scrape, const metrics::Series* series)
        : scrape_(std::move(scrape)), series_(series) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest& request) override;

  private:
    MetricsScrape scrape_;
    const metrics::Series* series_;
};

}  // namespace lodestone::api
