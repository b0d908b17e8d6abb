#pragma once

#include "api/ApiRoutes.hpp"
#include "api/ApiServices.hpp"

namespace lodestone::api {

// Beyond the spec (docs/api.md, Lists): the caller's campaigns and projects, a campaign's
// prospects and a project's jobs, page by page.
void addListRoutes(ApiRoutes& routes, ApiServices& services);

}  // namespace lodestone::api
