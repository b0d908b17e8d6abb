#pragma once

#include <optional>
#include <string>

#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// What one step of a prospect's sequence is rendered with beyond the prospect itself, read in the
// caller's transaction: what its research found and, when the step names {{leadMagnetUrl}} or
// {{leadMagnetTitle}}, its lead magnet, which must be finished first.
struct StepMaterial {
    std::optional<std::string> researchJson;
    std::optional<LeadMagnetLink> leadMagnet;
    // Why the step cannot be sent yet ("its lead magnet is being made", "its lead magnet failed:
    // …; retry it"); none: it can.
    std::optional<std::string> waiting;
};

// Reads the material for `step`. With `magnets` set, a prospect of a campaign with a project
// that has no lead magnet yet (it qualified before the campaign named its project) gets one
// started now, so the step waits for it rather than for ever.
struct MagnetStart {
    const std::string& publicUrl;
    int maxRetries = 3;
    domain::Timestamp now = 0;
};
StepMaterial stepMaterial(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const domain::Prospect& prospect, const SequenceStep& step,
                          const std::optional<MagnetStart>& magnets = std::nullopt);
// The same without the research (researchJson left empty): what a claim checks before it leases
// the email, reading nothing for a step that names neither variable.
StepMaterial leadMagnetMaterial(storage::Repositories& repositories,
                                const domain::Campaign& campaign, const domain::Prospect& prospect,
                                const SequenceStep& step,
                                const std::optional<MagnetStart>& magnets = std::nullopt);

// The stored output of the prospect's research step, once it completed.
std::optional<std::string> researchOutput(storage::Repositories& repositories,
                                          const std::string& prospectId);

}  // namespace lodestone::outreach
