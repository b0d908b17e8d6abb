#pragma once

#include "jobs/StepExecutor.hpp"

namespace lodestone::jobs {

// Finalization, done by lodestoned itself: renders the content step's output into the project's
// page template and hands the page over to be stored with the lead.
class FinalizeStepExecutor final : public StepExecutor {
  public:
    StepResult execute(const StepInputs& inputs, plugins::RunControl& control) override;
};

}  // namespace lodestone::jobs
