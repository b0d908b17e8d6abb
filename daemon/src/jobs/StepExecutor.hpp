#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "plugins/PluginInstance.hpp"
#include "plugins/RunControl.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::jobs {

// Everything a step may read about its job: the job (with its steps and their outputs) and what
// it works on: a lead-magnet job's lead and project, or a prospect job's prospect and campaign.
struct StepInputs {
    domain::Job job;
    std::optional<domain::Lead> lead;
    std::optional<domain::Project> project;
    std::optional<domain::Prospect> prospect;
    std::optional<domain::Campaign> campaign;

    // The stored output of an earlier step; throws when it is missing or not a JSON object.
    std::string outputOf(domain::StepName step) const;
    // Throw when the job is not of the kind that has them.
    const domain::Lead& requireLead() const;
    const domain::Project& requireProject() const;
    const domain::Prospect& requireProspect() const;
    const domain::Campaign& requireCampaign() const;
};

struct StepResult {
    std::string outputJson;  // stored with the step
    // More to store in the transaction that completes the step (finalization's page, a
    // prospect's score); only called if the worker still holds the job.
    std::function<void(storage::Repositories&, domain::Timestamp now)> alsoStore;
};

// What one pipeline step does. Runs on a worker's call thread; throws to fail the attempt.
class StepExecutor {
  public:
    virtual ~StepExecutor() = default;
    virtual StepResult execute(const StepInputs& inputs, plugins::RunControl& control) = 0;
};

// `json` parsed; throws naming `what` unless it is a JSON object.
Poco::JSON::Object::Ptr parseJsonObject(const std::string& json, const std::string& what);

// The research plugin's input for a prospect (documented in docs/plugins.md): the lead in the
// same shape as a lead-magnet lead, so one research plugin serves both, plus the campaign
// lead's own fields and whether to skip enriching the company.
std::string prospectResearchInput(const StepInputs& inputs);

// Research and content: the configured plugin, given the lead, the project and (for content) the
// research output, as JSON; for a prospect's research, the prospect and its campaign.
class PluginStepExecutor final : public StepExecutor {
  public:
    PluginStepExecutor(domain::StepName step, std::shared_ptr<const plugins::PluginInstance> plugin)
        : step_(step), plugin_(std::move(plugin)) {}
    StepResult execute(const StepInputs& inputs, plugins::RunControl& control) override;

    // The JSON a plugin of this step is given (documented in docs/plugins.md).
    static std::string inputFor(domain::StepName step, const StepInputs& inputs);

  private:
    domain::StepName step_;
    std::shared_ptr<const plugins::PluginInstance> plugin_;
};

}  // namespace lodestone::jobs
