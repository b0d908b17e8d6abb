#pragma once

#include <string>
#include <string_view>

#include "api/RouteTable.hpp"

namespace lodestone::api {

// The places a request path may lead to, outside the /api routes' own table.
enum class PathPlace {
    Health,          // /healthz
    Ready,           // /readyz
    Metrics,         // /metrics
    Api,             // /api and below: the RouteTable decides
    BookingLink,     // /b/{token}
    Unsubscribe,     // /u/{token}
    BrandLogo,       // /assets/{projectId}/logo
    LeadMagnetPage,  // /m/{leadId}
    CallToAction,    // /m/{leadId}/cta
    LeadMagnetHost,  // /{leadId}, on a project's own lead-magnet host
    Dashboard,       // /dashboard and below: the dashboard decides
    CalcomHook,      // /hooks/calcom/{campaignId}
    CalendlyHook,    // /hooks/calendly/{campaignId}
    Nowhere,
};

// What a path is, and the route template a request to it is counted under
// (lodestone_http_requests_total): a template, never the path itself, so that the series stay
// as few as the routes. RequestHandlerFactory dispatches on the same answer, so the label is
// always the route that served the request.
struct PathRoute {
    PathPlace place = PathPlace::Nowhere;
    std::string_view label;  // empty for Api: the RouteTable's match names it
};
PathRoute routeOfPath(std::string_view path);

inline constexpr std::string_view kCalcomHookPrefix = "/hooks/calcom/";
inline constexpr std::string_view kCalendlyHookPrefix = "/hooks/calendly/";

// The label of anything that matched no route, /api paths included.
inline constexpr std::string_view kUnmatchedRoute = "unmatched";

// The label of an /api request, from the RouteTable's match: the template the path fits (with
// this method or another), else "unmatched".
std::string apiRouteLabel(const RouteTable::Match& match);

// The label of a request for `path`: its route template, or "unmatched". /metrics is a route
// only where it is served (`metricsServed`: not when it has a listener of its own). What
// RequestHandlerFactory counts under, from the same pieces.
std::string routeLabel(const RouteTable& routes, const std::string& method, const std::string& path,
                       bool metricsServed);

}  // namespace lodestone::api
