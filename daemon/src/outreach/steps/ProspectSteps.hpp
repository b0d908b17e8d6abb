#pragma once

#include <string>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "jobs/JobHandler.hpp"

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

// What each step of a prospect's job does with the prospect and its campaign.
namespace lodestone::outreach {

// The research plugin's input for a prospect (documented in docs/plugins.md): the lead in the
// same shape as a lead-magnet lead, so one research plugin serves both, plus the campaign
// lead's own fields and whether to skip enriching the company.
std::string prospectResearchInput(const domain::Job& job, const domain::Prospect& prospect,
                                  const domain::Campaign& campaign);

// What starting a qualified prospect's lead magnet takes from the configuration.
struct LeadMagnetSettings {
    std::string publicUrl;  // server.public_url
    int maxRetries = 3;     // jobs.max_retries
};

// A prospect's last step (in the daemon, not a plugin): its ICP score from what the client sent
// and what research found (the job's stored research output), and the campaign threshold's
// verdict, stored with the prospect when the step completes. A qualified prospect of a campaign
// with a lead-magnet project gets its lead magnet started in the same transaction, from that
// research (leadmagnet::ensureProspectMagnet). Seniorities and departments are compared with the
// words of `vocabulary`, the one the research plugins were configured with.
jobs::StepResult scoreStep(const domain::Job& job, const domain::Prospect& prospect,
                           const domain::Campaign& campaign, plugins::RunControl& control,
                           const LeadMagnetSettings& magnets, domain::Timestamp now,
                           const vocabulary::Vocabulary& vocabulary);

}  // namespace lodestone::outreach
