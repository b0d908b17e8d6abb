#include "leadmagnet/steps/LeadMagnetJobs.hpp"

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "leadmagnet/Generation.hpp"
#include "leadmagnet/steps/LeadMagnetSteps.hpp"
#include "pages/PageVisits.hpp"
#include "research/ResearchWaterfall.hpp"
#include "storage/LeadRepository.hpp"

namespace lodestone::leadmagnet {
namespace {

// One step of one lead-magnet job: its lead (read when the job was claimed) and its project
// (from the cache, just before the step runs).
class LeadMagnetStep final : public jobs::StepRun {
  public:
    LeadMagnetStep(domain::StepName step, domain::Job job, std::optional<domain::Lead> lead,
                   ProjectCache& projects, std::shared_ptr<const plugins::PluginInstance> plugin,
                   research::ResearchWaterfall research,
                   std::shared_ptr<const plugins::HttpGateway> http, domain::Timestamp claimedAt,
                   std::optional<std::string> campaignBooking, const metrics::Series* series)
        : step_(step),
          job_(std::move(job)),
          lead_(std::move(lead)),
          projects_(&projects),
          plugin_(std::move(plugin)),
          research_(std::move(research)),
          http_(std::move(http)),
          claimedAt_(claimedAt),
          campaignBooking_(std::move(campaignBooking)),
          series_(series) {}

    std::optional<jobs::Shortcut> shortcut() override {
        try {
            project_ = projects_->get(job_.projectId);
        } catch (const std::exception& e) {
            // Counted as an attempt: a project that can never be read must end the job, not loop.
            return jobs::Shortcut{
                work::Outcome::failed(std::string("cannot read the job's project: ") + e.what()),
                {}};
        }
        if (!lead_ || !project_) {
            return jobs::Shortcut{
                work::Outcome::failed("the job's lead or project no longer exists", false), {}};
        }
        return std::nullopt;
    }

    jobs::StepResult run(plugins::RunControl& control) override {
        if (step_ == domain::StepName::Finalize) {
            return finalize(job_, *lead_, *project_, control, claimedAt_, campaignBooking_);
        }
        control.allowHttp(http_.get());
        const std::string input = pluginInput(step_, job_, *lead_, *project_);
        std::string output = step_ == domain::StepName::Research ? research_.run(control, input)
                                                                 : plugin_->run(control, input);
        if (step_ == domain::StepName::Content) {
            // Spent whether or not the content passes its check.
            if (series_) countTokensUsed(*series_, plugin_->name(), output);
            checkContent(output);
        }
        if (step_ != domain::StepName::Research) return {std::move(output), nullptr};
        return {std::move(output), [leadId = lead_->id, jobId = job_.id](
                                       storage::Repositories& repositories, domain::Timestamp now) {
                    events::publishAboutLead(repositories, "research.completed", leadId, jobId,
                                             now);
                }};
    }

    std::string plugin() const override {
        if (step_ == domain::StepName::Research) return research_.name();
        return plugin_ ? plugin_->name() : std::string();
    }

  private:
    domain::StepName step_;
    domain::Job job_;
    std::optional<domain::Lead> lead_;
    std::optional<domain::Project> project_;
    ProjectCache* projects_;  // only before the run: a run may outlive the engine and the cache
    std::shared_ptr<const plugins::PluginInstance> plugin_;  // content
    research::ResearchWaterfall research_;                   // research: its instances in turn
    // Held by the step: a run left behind at its deadline may outlive the engine.
    std::shared_ptr<const plugins::HttpGateway> http_;
    domain::Timestamp claimedAt_;
    std::optional<std::string> campaignBooking_;  // finalize only
    const metrics::Series* series_;
};

}  // namespace

LeadMagnetJobs::LeadMagnetJobs(storage::Store& store, const domain::Clock& clock,
                               plugins::PluginChoice research, plugins::PluginChoice content,
                               std::shared_ptr<const plugins::HttpGateway> researchHttp,
                               std::shared_ptr<const plugins::HttpGateway> contentHttp,
                               const metrics::Series* series)
    : projects_(store, clock),
      research_(std::move(research)),
      content_(std::move(content)),
      researchHttp_(std::move(researchHttp)),
      contentHttp_(std::move(contentHttp)),
      series_(series) {}

std::shared_ptr<jobs::StepRun> LeadMagnetJobs::prepare(storage::Repositories& repositories,
                                                       const domain::Job& job,
                                                       domain::StepName step,
                                                       domain::Timestamp now) {
    // The instances in force now; a reload while the step runs does not touch this run.
    auto plugin = step == domain::StepName::Content ? content_.current() : nullptr;
    research::ResearchWaterfall research(
        step == domain::StepName::Research
            ? research_.all()
            : std::vector<research::ResearchWaterfall::InstancePtr>{});
    // Research reads the company's website; content may call a language model's server. Each
    // under its own step's policy; finalize reaches nothing.
    auto http = step == domain::StepName::Research  ? researchHttp_
                : step == domain::StepName::Content ? contentHttp_
                                                    : nullptr;
    auto lead = repositories.leads().find(job.leadId);
    std::optional<std::string> booking;
    if (step == domain::StepName::Finalize && lead)
        booking = pages::campaignBookingPath(repositories, *lead);
    return std::make_shared<LeadMagnetStep>(step, job, std::move(lead), projects_,
                                            std::move(plugin), std::move(research), std::move(http),
                                            now, std::move(booking), series_);
}

void LeadMagnetJobs::failedForGood(storage::Repositories& repositories, const domain::Job& job,
                                   domain::Timestamp now) {
    refundCharge(repositories, job, now);
    auto why = domain::orderedObject();
    why->set("error", domain::orNull(job.error));
    why->set("step", std::string(domain::toString(job.nextStep)));
    if (job.nextStep == domain::StepName::Research) {
        events::publishAboutLead(repositories, "research.failed", job.leadId, job.id, now, why);
    }
    events::publishAboutLead(repositories, "lead.failed", job.leadId, job.id, now, why);
}

}  // namespace lodestone::leadmagnet
