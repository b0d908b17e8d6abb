#pragma once

#include "api/ApiRequest.hpp"
#include "api/ApiServices.hpp"
#include "domain/Records.hpp"
#include "leadmagnet/JobProgress.hpp"

namespace lodestone::api {

// The project named by the route's {projectId}, if the caller's key may use it. The spec lists
// no 404 for the project routes: a project that does not exist, belongs to another organisation
// or is outside the key's projects is the same 403, so callers cannot probe ids. Read through
// the cache: a project changed with lodestonectl is seen within its half second.
domain::Project accessibleProject(ApiServices& services, const ApiRequest& request);

// What the generation-job views need besides the job: the time, the steps' typical lengths and
// when a step counts as stuck.
leadmagnet::StatusViewContext statusContext(ApiServices& services);

}  // namespace lodestone::api
