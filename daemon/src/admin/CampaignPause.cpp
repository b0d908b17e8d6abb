// Pausing and resuming a campaign (docs/outreach.md), and the audit entry every change of an
// Administration given an actor writes.
#include "admin/Administration.hpp"
#include "admin/OperatorAccounts.hpp"
#include "storage/CampaignRepository.hpp"

namespace lodestone::admin {

domain::Campaign Administration::pauseCampaign(const std::string& id) {
    domain::Campaign campaign = this->campaign(id);
    const bool wasPaused = campaign.isPaused();
    campaign.pausedAt = repositories_.campaigns().pause(id, now_);
    if (!wasPaused) {
        audit(campaign.organisationId, "campaign.pause", campaign.id,
              "Paused campaign " + campaign.name + "; its emails wait until it is resumed");
    }
    return campaign;
}

domain::Campaign Administration::resumeCampaign(const std::string& id) {
    domain::Campaign campaign = this->campaign(id);
    if (!campaign.isPaused()) return campaign;
    repositories_.campaigns().resume(id);
    campaign.pausedAt = std::nullopt;
    audit(campaign.organisationId, "campaign.resume", campaign.id,
          "Resumed campaign " + campaign.name + "; its waiting emails go out in its windows");
    return campaign;
}

void Administration::audit(const std::string& organisationId, const std::string& action,
                           const std::string& subject, const std::string& detail) {
    if (actor_) recordChange(repositories_, organisationId, *actor_, action, subject, detail, now_);
}

}  // namespace lodestone::admin
