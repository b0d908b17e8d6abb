#pragma once

#include "api/ApiRequest.hpp"
#include "api/ApiServices.hpp"
#include "domain/Records.hpp"

namespace lodestone::api {

// The campaign named by the route's {campaignId}, if the caller's organisation owns it. As the
// spec's Add Lead errors: 404 for a campaign that does not exist, 403 for one of another
// organisation. Every campaign route answers the same way.
domain::Campaign ownCampaign(ApiServices& services, const ApiRequest& request);

}  // namespace lodestone::api
