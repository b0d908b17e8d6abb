#pragma once

#include <functional>
#include <string>
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
    // POST routes whose body is read by the handler as a stream (ApiRequest::bodyStream), not
    // parsed first: an import's CSV file, up to maxBodyBytes (routing::Route::maxBodyBytes; the
    // front keeps it in a temporary file). Not replayed by an Idempotency-Key.
    bool streamsBody = false;
    std::int64_t maxBodyBytes = 0;
    std::string maxBodySetting = {};
};

// A module's /api routes as rows of the front door's table: each needs an API key, and is served
// alike (ApiRequestHandler.cpp: key, rate limit, body, Idempotency-Key, then its handler).
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

// What GET /metrics answers: the whole scrape in the text format (app builds it).
using MetricsScrape = std::function<std::string()>;
// GET /metrics: the scrape as text/plain; version=0.0.4. The only row of server.metrics_listen,
// so that the port can be opened to a scraper without opening the API.
routing::Route metricsRoute(MetricsScrape scrape);

// The rows of each part of the API (a file each):
// - beyond the spec (docs/lists.md): a campaign's prospects as a CSV file, a person's data as a
//   JSON document; added first, as rows are matched in order and .../leads/{prospectId} would
//   take .../leads/export;
void addExportRoutes(ApiRoutes& routes, ApiServices& services);
// - the lead-magnet half: generate, the project's schema, both status routes and retry;
void addLeadMagnetRoutes(ApiRoutes& routes, ApiServices& services);
// - the campaign half: add a lead (the spec's Add Lead), read a prospect, record a meeting;
void addCampaignRoutes(ApiRoutes& routes, ApiServices& services);
// - beyond the spec, the "listed in the campaign dashboard" of failed webhooks: a campaign's
//   deliveries with their attempts, and redelivery of one;
void addWebhookDeliveryRoutes(ApiRoutes& routes, ApiServices& services);
// - GET /api/webhook-endpoints, the caller's event endpoints (docs/events.md), and an endpoint's
//   deliveries listed and redelivered as a campaign's are;
void addEndpointRoutes(ApiRoutes& routes, ApiServices& services);
// - beyond the spec (docs/api.md, Lists): the caller's campaigns and projects, a campaign's
//   prospects and a project's jobs, page by page;
void addListRoutes(ApiRoutes& routes, ApiServices& services);
// - beyond the spec (docs/lists.md): the organisation's suppression list, read, added to and
//   lifted from, and the erasure of a prospect's person;
void addSuppressionRoutes(ApiRoutes& routes, ApiServices& services);
// - GET /healthz (the process serves HTTP and can read its database), GET /readyz (whether to
//   send it traffic) and, unless metrics have a listener of their own, GET /metrics (Probes.cpp).
std::vector<routing::Route> probeRoutes(ApiServices& services);
// - beyond the spec (docs/lists.md): a CSV file of leads imported into a campaign, and the
//   import's progress and rejected rows;
void addImportRoutes(ApiRoutes& routes, ApiServices& services);
// - beyond the spec (docs/api.md, Campaign numbers): a campaign's numbers, and its organisation's;
void addStatsRoutes(ApiRoutes& routes, ApiServices& services);

// How every path outside the dashboard refuses a request the table does not route: 404
// {"error":"Not found"}, or 405 {"error":"Method not allowed"} with an Allow header.
Poco::Net::HTTPRequestHandler* refuse(const Poco::Net::HTTPServerRequest& request,
                                      const routing::Match& match);

}  // namespace lodestone::api
