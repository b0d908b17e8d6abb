#pragma once

#include <functional>
#include <string>
#include <vector>

#include "api/ApiServices.hpp"
#include "routing/RouteTable.hpp"

namespace lodestone::api {

// What GET /metrics answers: the whole scrape in the text format (app builds it).
using MetricsScrape = std::function<std::string()>;

// GET /metrics: the scrape as text/plain; version=0.0.4. The only row of server.metrics_listen,
// so that the port can be opened to a scraper without opening the API.
routing::Route metricsRoute(MetricsScrape scrape);

// GET /healthz (the process serves HTTP and can read its database), GET /readyz (whether to
// send it traffic) and, unless metrics have a listener of their own, GET /metrics.
std::vector<routing::Route> probeRoutes(ApiServices& services);

}  // namespace lodestone::api
