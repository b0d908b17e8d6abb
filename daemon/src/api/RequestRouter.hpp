#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>

#include "api/ApiServices.hpp"
#include "api/Router.hpp"

namespace lodestone::api {

// Picks the handler for each request: /healthz, the /api routes, else a JSON 404. Never returns
// nullptr (Poco would answer 501).
class RequestRouter final : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    RequestRouter(ApiServices& services, const Router& routes)
        : services_(services), routes_(routes) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest& request) override;

  private:
    // The handler of a public lead-magnet page, or nullptr when `path` is not one.
    Poco::Net::HTTPRequestHandler* leadMagnetPage(const Poco::Net::HTTPServerRequest& request,
                                                  const std::string& path) const;

    ApiServices& services_;
    const Router& routes_;
};

}  // namespace lodestone::api
