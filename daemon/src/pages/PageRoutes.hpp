#pragma once

#include <vector>

#include "domain/Clock.hpp"
#include "routing/RouteTable.hpp"
#include "storage/Store.hpp"

namespace lodestone::pages {

// The public pages' rows of the front door's table: a lead's page (/m/{leadId}, and /{leadId}
// on its project's own host), its call to action, a project's logo, booking and unsubscribe
// links. None asks for credentials: the unguessable id or token is the only secret.
std::vector<routing::Route> routes(storage::Store& store, const domain::Clock& clock);

}  // namespace lodestone::pages
