#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/CampaignAccess.hpp"
#include "api/JsonResponse.hpp"
#include "api/ListPaging.hpp"
#include "outreach/stats/StatsJson.hpp"

// Beyond the spec (docs/api.md, Campaign numbers): what a campaign, or every campaign of the
// caller's organisation, came to.
namespace lodestone::api {
namespace {

outreach::stats::StatsPeriod periodAsked(ApiServices& services, const ApiRequest& request) {
    try {
        return outreach::stats::readPeriod(request.queryParameter("from"),
                                           request.queryParameter("to"), services.clock.now());
    } catch (const outreach::stats::InvalidStatsPeriod& invalid) {
        refuseParameter(invalid.parameter(), invalid.what());
    }
}

ApiResponse answer(const outreach::stats::CampaignStats& stats) {
    auto body = orderedObject();
    body->set("success", true);
    body->set("stats", outreach::stats::toJson(stats));
    return {200, body};
}

ApiResponse campaignStats(ApiServices& services, ApiRequest& request) {
    const auto campaign = ownCampaign(services, request);
    const auto period = periodAsked(services, request);
    return answer(services.store.read([&](storage::Repositories& repositories) {
        return outreach::stats::campaignStats(repositories, campaign, period);
    }));
}

ApiResponse organisationStats(ApiServices& services, ApiRequest& request) {
    const auto period = periodAsked(services, request);
    return answer(services.store.read([&](storage::Repositories& repositories) {
        return outreach::stats::organisationStats(repositories, request.key.organisationId, period);
    }));
}

}  // namespace

void addStatsRoutes(ApiRoutes& routes, ApiServices& services) {
    routes.add({"GET", "/api/campaigns/{campaignId}/stats", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return campaignStats(services, request); }});
    routes.add({"GET", "/api/stats", RouteGroup::Status, false,
                [&services](ApiRequest& request) { return organisationStats(services, request); }});
}

}  // namespace lodestone::api
