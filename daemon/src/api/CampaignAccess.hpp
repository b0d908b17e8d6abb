#pragma once

#include "api/ApiRequest.hpp"
#include "api/ApiServices.hpp"
#include "domain/Records.hpp"

namespace lodestone::api {

// The campaign named by the route's {campaignId}, if the caller's organisation owns it. As the
// spec's Add Lead errors: 404 for a campaign that does not exist, 403 for one of another
// organisation. Every campaign route answers the same way, but the exports below.
domain::Campaign ownCampaign(ApiServices& services, const ApiRequest& request);

// The same for the routes that hand out people's data (a list export, a person's data): another
// organisation's campaign is as unknown, a 404, so that they do not even tell it exists.
domain::Campaign visibleCampaign(ApiServices& services, const ApiRequest& request);

}  // namespace lodestone::api
