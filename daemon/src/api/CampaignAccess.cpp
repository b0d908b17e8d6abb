#include "api/CampaignAccess.hpp"

#include "api/ApiError.hpp"
#include "storage/CampaignRepository.hpp"

namespace lodestone::api {
namespace {

domain::Campaign campaignOf(ApiServices& services, const ApiRequest& request,
                            bool othersAreUnknown) {
    const std::string& id = request.param("campaignId");
    auto campaign = services.store.read(
        [&](storage::Repositories& repositories) { return repositories.campaigns().find(id); });
    const bool others = campaign && campaign->organisationId != request.key.organisationId;
    if (!campaign || (others && othersAreUnknown)) throw ApiError(404, "Campaign not found");
    if (others) throw ApiError(403, "Campaign does not belong to your organization");
    return *campaign;
}

}  // namespace

domain::Campaign ownCampaign(ApiServices& services, const ApiRequest& request) {
    return campaignOf(services, request, false);
}

domain::Campaign visibleCampaign(ApiServices& services, const ApiRequest& request) {
    return campaignOf(services, request, true);
}

}  // namespace lodestone::api
