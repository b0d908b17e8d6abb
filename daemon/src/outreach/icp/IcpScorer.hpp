#pragma once

#include "domain/Time.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScore.hpp"
#include "outreach/icp/ProspectProfile.hpp"

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

namespace lodestone::outreach {

// Scores `profile` against `criteria`: round(100 * sum(weight * credit) / sum(weight)) over the
// configured criteria, an unknown earning the criteria's unknown_credit. An exclusion scores 0 and
// disqualifies. A campaign without criteria scores 100. `now` (epoch milliseconds) dates "recent"
// funding; it is passed in so that the same inputs always give the same score.
// Seniorities and departments are folded with `vocabulary` (vocabulary.yaml): the daemon's is
// that of the plugin registry in force (PluginRegistry::vocabulary), so that research's words and
// the criteria's meet in the same file.
IcpScore scoreProspect(const IcpCriteria& criteria, const ProspectProfile& profile,
                       domain::Timestamp now, const vocabulary::Vocabulary& vocabulary);

}  // namespace lodestone::outreach
