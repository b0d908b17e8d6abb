#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <memory>
#include <string>

#include "metrics/Series.hpp"

namespace lodestone::routing {

// Runs a request's handler and counts what it answered under the request's route template:
// lodestone_http_requests_total{route,status} and lodestone_http_request_duration_seconds.
// The time is the handler's own, from its start to its answer being written to memory (not
// the wait for a worker, nor sending).
class MeteredHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    // `series` none: the handler runs uncounted.
    MeteredHandler(Poco::Net::HTTPRequestHandler* handler, std::string route,
                   const metrics::Series* series)
        : handler_(handler), route_(std::move(route)), series_(series) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    std::unique_ptr<Poco::Net::HTTPRequestHandler> handler_;
    std::string route_;
    const metrics::Series* series_;
};

}  // namespace lodestone::routing
