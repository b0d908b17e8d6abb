#include <sstream>

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpScorer.hpp"
#include "outreach/icp/ProspectProfile.hpp"
#include "outreach/steps/ProspectSteps.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::ProspectStatus;

// Scored, then qualified (entering the campaign's email sequence) or disqualified, in one
// transaction. A prospect that moved on meanwhile (a meeting booked while it was being
// researched) keeps its status; its score is still kept.
void recordVerdict(storage::Repositories& repositories, const domain::Prospect& prospect,
                   const domain::Campaign& campaign, const IcpScore& score,
                   const std::string& scoreJson, domain::Timestamp now) {
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
    auto verdict = domain::orderedObject();
    verdict->set("reason", why);
    events::publishAboutProspect(repositories,
                                 score.qualified ? "prospect.qualified" : "prospect.disqualified",
                                 id, now, verdict);
    if (!score.qualified) return;
    // The sequence as it is now: an operator may have set one since the job was claimed.
    auto current = repositories.campaigns().find(prospect.campaignId);
    enterSequence(repositories, prospect, current.value_or(campaign), now);
}

}  // namespace

jobs::StepResult scoreStep(const domain::Job& job, const domain::Prospect& prospect,
                           const domain::Campaign& campaign, plugins::RunControl& control,
                           domain::Timestamp now) {
    control.reportProgress(10, "reading the campaign's ICP criteria");
    const auto criteria =
        campaign.icpJson ? IcpCriteria::parse(*campaign.icpJson) : IcpCriteria::none();
    const auto lead = domain::parseObject(prospect.inputJson, "the stored prospect");
    const auto research = domain::parseObject(jobs::storedOutput(job, domain::StepName::Research),
                                              "the stored research output");
    control.reportProgress(50, "scoring");
    auto score = scoreProspect(criteria, profileOf(*lead, research), now);
    std::ostringstream text;
    score.toJson()->stringify(text);
    std::string output = text.str();
    std::optional<std::string> wakes;
    if (score.qualified) wakes = kEmailSendWork;
    return {output,
            [prospect, campaign, score, output](storage::Repositories& repositories,
                                                domain::Timestamp now) {
                recordVerdict(repositories, prospect, campaign, score, output, now);
            },
            wakes};
}

}  // namespace lodestone::outreach
