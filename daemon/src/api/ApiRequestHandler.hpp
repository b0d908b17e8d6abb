#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// Serves one /api request: route, authenticate, rate-limit, read the body, honour an
// Idempotency-Key, call the route's handler, and turn whatever it returns or throws into a JSON
// response with the rate-limit headers.
class ApiRequestHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    ApiRequestHandler(ApiServices& services, RouteTable::Match match)
        : services_(services), match_(std::move(match)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    ApiResponse serve(Poco::Net::HTTPServerRequest& request);

    ApiServices& services_;
    RouteTable::Match match_;
    std::vector<std::pair<std::string, std::string>> headers_;  // added to whatever is sent
};

}  // namespace lodestone::api
