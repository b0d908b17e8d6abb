#include <sstream>

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "leadmagnet/ProspectMagnet.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScorer.hpp"
#include "outreach/icp/ProspectProfile.hpp"
#include "outreach/steps/ProspectSteps.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::ProspectStatus;

// The qualified prospect's lead magnet, in the campaign's project as the campaign names it now.
void startLeadMagnet(storage::Repositories& repositories, const domain::Prospect& prospect,
                     const domain::Campaign& campaign, const std::string& researchJson,
                     const LeadMagnetSettings& settings, domain::Timestamp now) {
    if (!campaign.projectId) return;
    auto project = repositories.projects().find(*campaign.projectId);
    if (!project) return;
    leadmagnet::ensureProspectMagnet(repositories, {*project, prospect, researchJson,
                                                    settings.publicUrl, settings.maxRetries, now});
}

struct Verdict {
    IcpScore score;
    std::string scoreJson;
    std::string researchJson;
};

// Scored, then qualified (its lead magnet started, entering the campaign's email sequence) or
// disqualified, in one transaction. A prospect that moved on meanwhile (a meeting booked while it
// was being researched) keeps its status; its score is still kept.
void recordVerdict(storage::Repositories& repositories, const domain::Prospect& prospect,
                   const domain::Campaign& campaign, const Verdict& verdict,
                   const LeadMagnetSettings& magnets, domain::Timestamp now) {
    const IcpScore& score = verdict.score;
    const std::string& scoreJson = verdict.scoreJson;
    auto& prospects = repositories.prospects();
    const auto& id = prospect.id;
    prospects.setScore(id, score.score, scoreJson, now);
    const std::string summary =
        "score " + std::to_string(score.score) + ", threshold " + std::to_string(score.threshold);
    if (!prospects.transition(id, {ProspectStatus::Queued, ProspectStatus::Researching},
                              ProspectStatus::Scored, now, summary)) {
        return;
    }
    std::string why = score.excludedBy  ? *score.excludedBy
                      : score.qualified ? "at or above the campaign's threshold"
                                        : "below the campaign's threshold";
    if (!prospects.transition(
            id, {ProspectStatus::Scored},
            score.qualified ? ProspectStatus::Qualified : ProspectStatus::Disqualified, now, why)) {
        return;
    }
    auto reason = domain::orderedObject();
    reason->set("reason", why);
    events::publishAboutProspect(repositories,
                                 score.qualified ? "prospect.qualified" : "prospect.disqualified",
                                 id, now, reason);
    if (!score.qualified) return;
    // The project and sequence as they are now: an operator may have set them since the job was
    // claimed.
    const auto current = repositories.campaigns().find(prospect.campaignId).value_or(campaign);
    startLeadMagnet(repositories, prospect, current, verdict.researchJson, magnets, now);
    enterSequence(repositories, prospect, current, now);
}

}  // namespace

jobs::StepResult scoreStep(const domain::Job& job, const domain::Prospect& prospect,
                           const domain::Campaign& campaign, plugins::RunControl& control,
                           const LeadMagnetSettings& magnets, domain::Timestamp now,
                           const vocabulary::Vocabulary& vocabulary) {
    control.reportProgress(10, "reading the campaign's ICP criteria");
    const auto criteria =
        campaign.icpJson ? IcpCriteria::parse(*campaign.icpJson) : IcpCriteria::none();
    const auto lead = domain::parseObject(prospect.inputJson, "the stored prospect");
    const std::string researchJson = jobs::storedOutput(job, domain::StepName::Research);
    const auto research = domain::parseObject(researchJson, "the stored research output");
    control.reportProgress(50, "scoring");
    auto score = scoreProspect(criteria, profileOf(*lead, research), now, vocabulary);
    std::ostringstream text;
    score.toJson()->stringify(text);
    std::string output = text.str();
    std::optional<std::string> wakes;
    if (score.qualified) wakes = kEmailSendWork;
    // The lead magnet recordVerdict starts is queued at its content step, whose workers are woken
    // as the first email's are, rather than at their next poll.
    std::optional<std::string> alsoWakes;
    if (score.qualified && campaign.projectId) {
        alsoWakes = std::string(domain::toString(domain::StepName::Content));
    }
    return {output,
            [prospect, campaign, magnets, verdict = Verdict{score, output, researchJson}](
                storage::Repositories& repositories, domain::Timestamp now) {
                recordVerdict(repositories, prospect, campaign, verdict, magnets, now);
            },
            wakes, alsoWakes};
}

}  // namespace lodestone::outreach
