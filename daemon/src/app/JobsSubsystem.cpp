#include <Poco/Logger.h>

#include "app/Subsystems.hpp"
#include "jobs/FinalizeStepExecutor.hpp"
#include "jobs/ScoreStepExecutor.hpp"
#include "outreach/icp/IcpCriteria.hpp"

namespace lodestone::app {

JobsSubsystem::~JobsSubsystem() {
    uninitialize();
}

void JobsSubsystem::initialize(Poco::Util::Application&) {
    if (!config_.jobs.run) {
        Poco::Logger::get("lodestone.jobs")
            .information("jobs.run is false: this lodestoned serves the API only");
        return;
    }
    const auto& registry = plugins_.registry();
    // The config loader names a default for both steps, and the plugins were loaded before us.
    jobs::Pipeline pipeline{
        std::make_shared<jobs::PluginStepExecutor>(domain::StepName::Research, registry.research()),
        std::make_shared<jobs::PluginStepExecutor>(domain::StepName::Content, registry.content()),
        std::make_shared<jobs::FinalizeStepExecutor>(),
        std::make_shared<jobs::ScoreStepExecutor>()};
    warnAboutUnreadableIcps();
    engine_ = std::make_unique<jobs::JobEngine>(storage_.store(), config_, std::move(pipeline));
    engine_->start();
}

void JobsSubsystem::warnAboutUnreadableIcps() {
    // Criteria stored before they were checked (or by an older release) fail every scoring of
    // the campaign's prospects: say so once, at start, with the fix.
    auto campaigns = storage_.store().read(
        [](storage::Repositories& repositories) { return repositories.campaigns().list({}); });
    for (const auto& campaign : campaigns) {
        if (!campaign.icpJson) continue;
        try {
            outreach::IcpCriteria::parse(*campaign.icpJson);
        } catch (const outreach::IcpError& e) {
            Poco::Logger::get("lodestone.jobs")
                .warning(
                    "campaign %s (%s): its ICP criteria do not parse (%s); its prospects fail "
                    "scoring until `lodestonectl campaign update %s --icp FILE` fixes them",
                    campaign.name, campaign.id, std::string(e.what()), campaign.id);
        }
    }
}

void JobsSubsystem::uninitialize() {
    if (!engine_) return;
    callsLeftRunning_ = engine_->stop();
    engine_.reset();
}

void JobsSubsystem::jobQueued() {
    if (engine_) engine_->jobQueued();
}

}  // namespace lodestone::app
