#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"

namespace lodestone::api {

// Serves one request to an /api route: authenticate, rate-limit, read the body, honour an
// Idempotency-Key, call the route's handler, and turn whatever it returns or throws into a JSON
// response with the rate-limit headers.
class ApiRequestHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    ApiRequestHandler(ApiServices& services, const ApiRoute& route,
                      std::map<std::string, std::string> params)
        : services_(services), route_(route), params_(std::move(params)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    ApiResponse serve(Poco::Net::HTTPServerRequest& request);

    ApiServices& services_;
    const ApiRoute& route_;
    std::map<std::string, std::string> params_;
    std::vector<std::pair<std::string, std::string>> headers_;  // added to whatever is sent
};

}  // namespace lodestone::api
