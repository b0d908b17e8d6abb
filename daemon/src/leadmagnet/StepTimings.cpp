#include "leadmagnet/StepTimings.hpp"

#include "storage/JobRepository.hpp"

namespace lodestone::leadmagnet {

StepTimings::StepTimings(storage::Store& store, const domain::Clock& clock,
                         std::chrono::milliseconds refresh)
    : store_(store), clock_(clock), refresh_(refresh) {}

StepDurations StepTimings::typical() {
    auto now = clock_.now();
    std::lock_guard lock(mutex_);
    if (fetched_ && now - fetchedAt_ < refresh_.count()) return cached_;
    StepDurations durations;
    store_.read([&](storage::Repositories& repositories) {
        auto measured = [&](domain::StepName step, std::chrono::milliseconds fallback) {
            auto millis = repositories.jobs().typicalStepMillis(step, kSample);
            return millis ? std::chrono::milliseconds(*millis) : fallback;
        };
        durations.research = measured(domain::StepName::Research, durations.research);
        durations.content = measured(domain::StepName::Content, durations.content);
        durations.finalize = measured(domain::StepName::Finalize, durations.finalize);
    });
    cached_ = durations;
    fetchedAt_ = now;
    fetched_ = true;
    return cached_;
}

}  // namespace lodestone::leadmagnet
