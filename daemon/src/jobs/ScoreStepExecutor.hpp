#pragma once

#include "jobs/StepExecutor.hpp"

namespace lodestone::jobs {

// A prospect's last step (in the daemon, not a plugin): its ICP score from what the client sent
// and what research found, and the campaign threshold's verdict, stored with the prospect.
class ScoreStepExecutor final : public StepExecutor {
  public:
    StepResult execute(const StepInputs& inputs, plugins::RunControl& control) override;
};

}  // namespace lodestone::jobs
