#include "outreach/sending/StepMaterial.hpp"

#include "leadmagnet/ProspectMagnet.hpp"
#include "storage/JobRepository.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::outreach {

std::optional<std::string> researchOutput(storage::Repositories& repositories,
                                          const std::string& prospectId) {
    auto job = repositories.jobs().findByProspect(prospectId);
    if (!job) return std::nullopt;
    const auto* research = job->step(domain::StepName::Research);
    if (!research || research->status != domain::StepStatus::Completed) return std::nullopt;
    return research->outputJson;
}

StepMaterial stepMaterial(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const domain::Prospect& prospect, const SequenceStep& step,
                          const std::optional<MagnetStart>& magnets) {
    auto material = leadMagnetMaterial(repositories, campaign, prospect, step, magnets);
    material.researchJson = researchOutput(repositories, prospect.id);
    return material;
}

StepMaterial leadMagnetMaterial(storage::Repositories& repositories,
                                const domain::Campaign& campaign, const domain::Prospect& prospect,
                                const SequenceStep& step,
                                const std::optional<MagnetStart>& magnets) {
    StepMaterial material;
    if (leadMagnetVariablesIn(step).empty()) return material;
    auto magnet = leadmagnet::findProspectMagnet(repositories, prospect.id);
    if (!magnet && magnets && campaign.projectId) {
        if (auto project = repositories.projects().find(*campaign.projectId)) {
            magnet = leadmagnet::ensureProspectMagnet(
                repositories,
                {*project, prospect, researchOutput(repositories, prospect.id).value_or("{}"),
                 magnets->publicUrl, magnets->maxRetries, magnets->now});
        }
    }
    if (!magnet) {
        material.waiting = campaign.projectId
                               ? "its lead magnet has not been started yet"
                               : "the campaign has no lead-magnet project for {{leadMagnetUrl}}";
    } else if (magnet->failed()) {
        material.waiting =
            "its lead magnet failed: " + magnet->job.error.value_or("unknown error") +
            "; retry the lead magnet and the email goes out once it is ready";
    } else if (!magnet->ready()) {
        material.waiting = "its lead magnet is being made (" +
                           std::string(domain::toString(magnet->job.status)) + ")";
    } else {
        material.leadMagnet =
            LeadMagnetLink{magnet->lead.leadMagnetUrl, magnet->job.leadMagnetTitle()};
    }
    return material;
}

}  // namespace lodestone::outreach
