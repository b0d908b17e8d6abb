#include "api/RouteLabel.hpp"

#include "domain/Ids.hpp"

namespace lodestone::api {
namespace {

// "/b/abc": `prefix` then one non-empty segment.
bool oneSegmentAfter(std::string_view path, std::string_view prefix) {
    return path.size() > prefix.size() && path.starts_with(prefix) &&
           path.find('/', prefix.size()) == std::string_view::npos;
}

}  // namespace

PathRoute routeOfPath(std::string_view path) {
    if (path == "/healthz") return {PathPlace::Health, "/healthz"};
    if (path == "/readyz") return {PathPlace::Ready, "/readyz"};
    if (path == "/metrics") return {PathPlace::Metrics, "/metrics"};
    if (path == "/api" || path.starts_with("/api/")) return {PathPlace::Api, {}};
    if (path == "/dashboard" || path.starts_with("/dashboard/")) {
        return {PathPlace::Dashboard, "/dashboard"};
    }
    if (oneSegmentAfter(path, "/b/")) return {PathPlace::BookingLink, "/b/{token}"};
    if (oneSegmentAfter(path, kCalcomHookPrefix)) {
        return {PathPlace::CalcomHook, "/hooks/calcom/{campaignId}"};
    }
    if (oneSegmentAfter(path, kCalendlyHookPrefix)) {
        return {PathPlace::CalendlyHook, "/hooks/calendly/{campaignId}"};
    }
    if (oneSegmentAfter(path, "/u/")) return {PathPlace::Unsubscribe, "/u/{token}"};
    // A project's logo, for its pages on any host: /assets/{projectId}/logo.
    if (path.size() > 13 && path.starts_with("/assets/") && path.ends_with("/logo") &&
        domain::looksLikeId(domain::IdKind::Project, path.substr(8, path.size() - 8 - 5))) {
        return {PathPlace::BrandLogo, "/assets/{projectId}/logo"};
    }
    if (oneSegmentAfter(path, "/m/")) return {PathPlace::LeadMagnetPage, "/m/{leadId}"};
    if (path.starts_with("/m/") && path.ends_with("/cta") &&
        domain::looksLikeId(domain::IdKind::Lead, path.substr(3, path.size() - 3 - 4))) {
        return {PathPlace::CallToAction, "/m/{leadId}/cta"};
    }
    // A project's own lead-magnet host serves its leads at the root.
    if (path.size() > 1 && domain::looksLikeId(domain::IdKind::Lead, path.substr(1))) {
        return {PathPlace::LeadMagnetHost, "/{leadId}"};
    }
    return {PathPlace::Nowhere, kUnmatchedRoute};
}

std::string apiRouteLabel(const RouteTable::Match& match) {
    return match.pattern.empty() ? std::string(kUnmatchedRoute) : match.pattern;
}

std::string routeLabel(const RouteTable& routes, const std::string& method, const std::string& path,
                       bool metricsServed) {
    const auto route = routeOfPath(path);
    if (route.place == PathPlace::Api) return apiRouteLabel(routes.match(method, path));
    if (route.place == PathPlace::Metrics && !metricsServed) return std::string(kUnmatchedRoute);
    return std::string(route.label);
}

}  // namespace lodestone::api
