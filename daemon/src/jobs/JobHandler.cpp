#include "jobs/JobHandler.hpp"

#include <stdexcept>

namespace lodestone::jobs {

JobHandler& JobHandlers::of(domain::JobKind kind) const {
    auto found = handlers_.find(kind);
    if (found == handlers_.end()) {
        throw std::logic_error("no handler for jobs of kind " +
                               std::string(domain::toString(kind)));
    }
    return *found->second;
}

std::string storedOutput(const domain::Job& job, domain::StepName step) {
    const domain::JobStep* row = job.step(step);
    if (row == nullptr || row->status != domain::StepStatus::Completed || !row->outputJson) {
        throw std::runtime_error("the " + std::string(domain::toString(step)) +
                                 " step has no stored output to continue from");
    }
    return *row->outputJson;
}

}  // namespace lodestone::jobs
