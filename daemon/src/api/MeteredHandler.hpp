#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <memory>
#include <string>

namespace lodestone::api {

// Runs a request's handler and counts what it answered under the request's route template:
// lodestone_http_requests_total{route,status} and lodestone_http_request_duration_seconds.
// The time is the handler's own, from its start to its answer being written to memory (not
// the wait for a worker, nor sending).
class MeteredHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    MeteredHandler(Poco::Net::HTTPRequestHandler* handler, std::string route)
        : handler_(handler), route_(std::move(route)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    std::unique_ptr<Poco::Net::HTTPRequestHandler> handler_;
    std::string route_;
};

}  // namespace lodestone::api
