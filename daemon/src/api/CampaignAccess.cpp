#include "api/CampaignAccess.hpp"

#include "api/ApiError.hpp"
#include "storage/CampaignRepository.hpp"

namespace lodestone::api {

domain::Campaign ownCampaign(ApiServices& services, const ApiRequest& request) {
    const std::string& id = request.param("campaignId");
    auto campaign = services.store.read(
        [&](storage::Repositories& repositories) { return repositories.campaigns().find(id); });
    if (!campaign) throw ApiError(404, "Campaign not found");
    if (campaign->organisationId != request.key.organisationId) {
        throw ApiError(403, "Campaign does not belong to your organization");
    }
    return *campaign;
}

}  // namespace lodestone::api
