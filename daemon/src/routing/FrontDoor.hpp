#pragma once

#include <Poco/Net/HTTPRequestHandlerFactory.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "metrics/Series.hpp"
#include "routing/RouteTable.hpp"

namespace lodestone::routing {

// How a surface answers a request the table refuses: a path no route takes (`match.path` none:
// 404), or a method the path does not take (405 with `match.allowedMethods` as Allow).
using Refusal = Handler;

// What the HTTP front asks for a handler for each request: the table's route, or the refusal of
// the surface the path belongs to; metered under the route's label. Never returns nullptr (Poco
// would answer 501).
class FrontDoor final : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    // `refuse` answers refused requests, but for those under a prefix of `refusalsUnder`
    // ("/dashboard": that path and below), which theirs answers. `series` none: nothing counted.
    FrontDoor(const RouteTable& routes, Refusal refuse,
              std::vector<std::pair<std::string, Refusal>> refusalsUnder,
              const metrics::Series* series)
        : routes_(routes),
          refuse_(std::move(refuse)),
          refusalsUnder_(std::move(refusalsUnder)),
          series_(series) {}

    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest& request) override;

  private:
    const Refusal& refusalFor(std::string_view path) const;

    const RouteTable& routes_;
    Refusal refuse_;
    std::vector<std::pair<std::string, Refusal>> refusalsUnder_;
    const metrics::Series* series_;
};

}  // namespace lodestone::routing
