#pragma once

#include "domain/Time.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScore.hpp"
#include "outreach/icp/ProspectProfile.hpp"

namespace lodestone::outreach {

// Scores `profile` against `criteria`: round(100 * sum(weight * credit) / sum(weight)) over the
// configured criteria, an unknown earning the criteria's unknown_credit. An exclusion scores 0 and
// disqualifies. A campaign without criteria scores 100. `now` (epoch milliseconds) dates "recent"
// funding; it is passed in so that the same inputs always give the same score.
IcpScore scoreProspect(const IcpCriteria& criteria, const ProspectProfile& profile,
                       domain::Timestamp now);

}  // namespace lodestone::outreach
