#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>

#include "storage/Store.hpp"

namespace lodestone::api {

// Picks the handler for each request. Never returns nullptr (Poco would answer 501): anything
// unknown gets a JSON 404.
class RequestRouter final : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit RequestRouter(storage::Store& store) : store_(store) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest& request) override;

  private:
    storage::Store& store_;
};

}  // namespace lodestone::api
