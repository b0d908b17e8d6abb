#pragma once

#include <vector>

#include "api/ApiRequest.hpp"
#include "api/ApiServices.hpp"
#include "routing/RouteTable.hpp"

namespace lodestone::api {

// One /api route as its module writes it.
struct ApiRoute {
    std::string method;
    std::string pattern;  // "/api/projects/{projectId}/generate"
    RouteGroup group = RouteGroup::Status;
    bool readsBody = false;  // POST routes whose body is a JSON object
    Handler handler;
    bool quickRead = false;  // routing::Route::quickRead
};

// A module's /api routes as rows of the front door's table: each needs an API key, and is served
// by ApiRequestHandler (key, rate limit, body, Idempotency-Key, then the route's handler).
class ApiRoutes {
  public:
    explicit ApiRoutes(ApiServices& services) : services_(services) {}
    void add(ApiRoute route);

    std::vector<routing::Route> rows;

  private:
    ApiServices& services_;
};

// Every row the API serves: the /api routes, the calendar hooks, /healthz, /readyz and, where
// this listener serves it, /metrics.
std::vector<routing::Route> routes(ApiServices& services);

// How every path outside the dashboard refuses a request the table does not route: 404
// {"error":"Not found"}, or 405 {"error":"Method not allowed"} with an Allow header.
Poco::Net::HTTPRequestHandler* refuse(const Poco::Net::HTTPServerRequest& request,
                                      const routing::Match& match);

}  // namespace lodestone::api
