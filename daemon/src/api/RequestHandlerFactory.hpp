#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>

#include "api/ApiServices.hpp"
#include "api/RouteLabel.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// What Poco's HTTPServer asks for a handler for each request: /healthz, /readyz, /metrics, the
// /api routes (matched in the RouteTable), booking links, lead-magnet pages, else a JSON 404.
// Never returns nullptr (Poco would answer 501). Each handler is metered under its route's
// template (MeteredHandler, RouteLabel.hpp).
class RequestHandlerFactory final : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    RequestHandlerFactory(ApiServices& services, const RouteTable& routes)
        : services_(services), routes_(routes) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest& request) override;

  private:
    // The handler of a path outside /api.
    Poco::Net::HTTPRequestHandler* handlerFor(const Poco::Net::HTTPServerRequest& request,
                                              PathPlace place, const std::string& path) const;

    ApiServices& services_;
    const RouteTable& routes_;
};

}  // namespace lodestone::api
