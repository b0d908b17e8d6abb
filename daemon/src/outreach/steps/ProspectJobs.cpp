#include "outreach/steps/ProspectJobs.hpp"

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "outreach/steps/ProspectSteps.hpp"
#include "research/ResearchWaterfall.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

// One step of one prospect's job, with the prospect and campaign as they were when it was
// claimed.
class ProspectStep final : public jobs::StepRun {
  public:
    ProspectStep(domain::StepName step, domain::Job job, std::optional<domain::Prospect> prospect,
                 std::optional<domain::Campaign> campaign, research::ResearchWaterfall research,
                 std::shared_ptr<const plugins::HttpGateway> researchHttp,
                 std::shared_ptr<const vocabulary::Vocabulary> vocabulary,
                 const LeadMagnetSettings& magnets, const domain::Clock& clock)
        : step_(step),
          job_(std::move(job)),
          prospect_(std::move(prospect)),
          campaign_(std::move(campaign)),
          research_(std::move(research)),
          researchHttp_(std::move(researchHttp)),
          vocabulary_(std::move(vocabulary)),
          magnets_(magnets),
          clock_(clock) {}

    std::optional<jobs::Shortcut> shortcut() override {
        if (!prospect_ || !campaign_) {
            return jobs::Shortcut{
                work::Outcome::failed("the job's prospect or campaign no longer exists", false),
                {}};
        }
        if (!isInPipeline(prospect_->status)) {
            // Something moved the prospect on (a meeting was booked): researching or scoring
            // it now is wasted work, so the step ends at once without running.
            return jobs::Shortcut{work::Outcome::succeeded(),
                                  {R"({"skipped":"the prospect is )" +
                                       std::string(domain::toString(prospect_->status)) + R"("})",
                                   nullptr}};
        }
        return std::nullopt;
    }

    jobs::StepResult run(plugins::RunControl& control) override {
        if (step_ == domain::StepName::Score) {
            return scoreStep(job_, *prospect_, *campaign_, control, magnets_, clock_.now(),
                             *vocabulary_);
        }
        control.allowHttp(researchHttp_.get());
        return {research_.run(control, prospectResearchInput(job_, *prospect_, *campaign_)),
                [prospectId = prospect_->id](storage::Repositories& repositories,
                                             domain::Timestamp now) {
                    events::publishAboutProspect(repositories, "research.completed", prospectId,
                                                 now);
                }};
    }

    // Scoring calls no plugin.
    std::string plugin() const override {
        return step_ == domain::StepName::Research ? research_.name() : std::string();
    }

  private:
    domain::StepName step_;
    domain::Job job_;
    std::optional<domain::Prospect> prospect_;
    std::optional<domain::Campaign> campaign_;
    research::ResearchWaterfall research_;  // its instances in turn
    // Held by the step: a run left behind at its deadline may outlive the engine.
    std::shared_ptr<const plugins::HttpGateway> researchHttp_;
    // Taken with the registry in force when the step was prepared, as the research instances are.
    std::shared_ptr<const vocabulary::Vocabulary> vocabulary_;
    LeadMagnetSettings magnets_;
    const domain::Clock& clock_;
};

}  // namespace

std::shared_ptr<jobs::StepRun> ProspectJobs::prepare(storage::Repositories& repositories,
                                                     const domain::Job& job, domain::StepName step,
                                                     domain::Timestamp now) {
    if (step == domain::StepName::Research) {
        repositories.prospects().transition(job.prospectId, {domain::ProspectStatus::Queued},
                                            domain::ProspectStatus::Researching, now);
    }
    return std::make_shared<ProspectStep>(
        step, job, repositories.prospects().find(job.prospectId),
        repositories.campaigns().find(job.campaignId),
        research::ResearchWaterfall(step == domain::StepName::Research
                                        ? research_.all()
                                        : std::vector<plugins::PluginChoice::InstancePtr>{}),
        researchHttp_, research_.vocabulary(), magnets_, clock_);
}

void ProspectJobs::failedForGood(storage::Repositories& repositories, const domain::Job& job,
                                 domain::Timestamp now) {
    const bool moved = repositories.prospects().transition(
        job.prospectId, kProspectInPipeline, domain::ProspectStatus::Failed, now, job.error);
    if (!moved) return;
    auto why = domain::orderedObject();
    why->set("error", domain::orNull(job.error));
    why->set("step", std::string(domain::toString(job.nextStep)));
    if (job.nextStep == domain::StepName::Research) {
        events::publishAboutProspect(repositories, "research.failed", job.prospectId, now, why);
    }
    events::publishAboutProspect(repositories, "lead.failed", job.prospectId, now, why);
}

}  // namespace lodestone::outreach
