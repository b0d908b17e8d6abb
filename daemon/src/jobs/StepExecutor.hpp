#pragma once

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "plugins/PluginInstance.hpp"
#include "plugins/RunControl.hpp"

namespace lodestone::jobs {

// Everything a step may read about its job: the job (with its steps and their outputs), the
// lead as submitted, and the project it belongs to.
struct StepInputs {
    domain::Job job;
    domain::Lead lead;
    domain::Project project;

    // The stored output of an earlier step; throws when it is missing or not a JSON object.
    std::string outputOf(domain::StepName step) const;
};

struct StepResult {
    std::string outputJson;               // stored with the step
    std::optional<std::string> pageHtml;  // finalization's page, stored with the lead
};

// What one pipeline step does. Runs on a worker's call thread; throws to fail the attempt.
class StepExecutor {
  public:
    virtual ~StepExecutor() = default;
    virtual StepResult execute(const StepInputs& inputs, plugins::RunControl& control) = 0;
};

// Research and content: the configured plugin, given the lead, the project and (for content) the
// research output, as JSON.
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
