#pragma once

#include "api/ApiServices.hpp"
#include "api/RouteTable.hpp"

namespace lodestone::api {

// Beyond the spec (docs/api.md, Lists): the caller's campaigns and projects, a campaign's
// prospects and a project's jobs, page by page.
void addListRoutes(RouteTable& routes, ApiServices& services);

}  // namespace lodestone::api
