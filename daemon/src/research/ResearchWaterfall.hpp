#pragma once

#include <memory>
#include <string>
#include <vector>

#include "plugins/PluginInstance.hpp"
#include "plugins/RunControl.hpp"

namespace lodestone::research {

// The research plugin instances pipeline.research.plugin names, run in turn for one lead or
// prospect with the same input, their outputs merged (mergeResearch). One that fails is a warning
// in the merged output, not a failed step, while another gives research.
class ResearchWaterfall {
  public:
    using InstancePtr = std::shared_ptr<const plugins::PluginInstance>;

    explicit ResearchWaterfall(std::vector<InstancePtr> instances);

    // A waterfall of one runs its instance as is: its errors fail the step exactly as they always
    // did. With several, each gets an equal share of the time the step has left (the last all of
    // it), so one that runs out of time leaves time for the others. Throws plugins::PluginError
    // when every instance failed (status invalid input when each refused the input, so the step
    // is not retried), and whatever stopped the step as a whole (its deadline, a shutdown).
    std::string run(const plugins::RunControl& control, const std::string& inputJson) const;

    // The instances' names joined by commas: what the step's duration metric is labelled with.
    std::string name() const;
    bool empty() const noexcept { return instances_.empty(); }

  private:
    std::vector<InstancePtr> instances_;
};

}  // namespace lodestone::research
