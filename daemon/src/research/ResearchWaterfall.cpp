#include "research/ResearchWaterfall.hpp"

#include <Poco/Logger.h>

#include <chrono>

#include "plugins/PluginError.hpp"
#include "research/ResearchMerge.hpp"

namespace lodestone::research {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.research");
}

// Epoch milliseconds, as RunControl deadlines are.
std::int64_t nowMs() {
    return plugins::RunControl::deadlineIn(std::chrono::milliseconds(0));
}

// The deadline of the instance `index` of `count`: an equal share of what the step has left.
std::int64_t shareOf(const plugins::RunControl& control, std::size_t index, std::size_t count) {
    const std::int64_t deadline = control.deadlineMs();
    if (deadline == plugins::RunControl::kNoDeadline || index + 1 == count) return deadline;
    const std::int64_t now = nowMs();
    const std::int64_t left = std::max<std::int64_t>(deadline - now, 0);
    return now + left / static_cast<std::int64_t>(count - index);
}

}  // namespace

ResearchWaterfall::ResearchWaterfall(std::vector<InstancePtr> instances)
    : instances_(std::move(instances)) {}

std::string ResearchWaterfall::name() const {
    std::string names;
    for (const auto& instance : instances_) names += (names.empty() ? "" : ",") + instance->name();
    return names;
}

std::string ResearchWaterfall::run(const plugins::RunControl& control,
                                   const std::string& inputJson) const {
    if (instances_.size() == 1) return instances_.front()->run(control, inputJson);
    std::vector<ResearchAttempt> attempts;
    for (std::size_t i = 0; i < instances_.size(); ++i) {
        const auto& instance = instances_[i];
        ResearchAttempt attempt{instance->name(), std::nullopt, {}, false};
        const plugins::RunControl part(control, shareOf(control, i, instances_.size()));
        try {
            attempt.output = instance->run(part, inputJson);
        } catch (const plugins::PluginError& e) {
            // The step as a whole was stopped: no later instance may run either.
            if (control.cancelled()) throw;
            attempt.error = part.cancelled() && e.status() == LODESTONE_ERROR_CANCELLED
                                ? std::string(
                                      "did not finish within its share of the step's "
                                      "timeout (pipeline.research.timeout)")
                                : std::string(e.what());
            attempt.inputRejected = e.status() == LODESTONE_ERROR_INVALID_INPUT;
        } catch (const std::exception& e) {
            if (control.cancelled()) throw;
            attempt.error = e.what();
        }
        if (!attempt.output) {
            log().warning("research plugin \"%s\" failed; the waterfall goes on: %s",
                          instance->name(), attempt.error);
        }
        attempts.push_back(std::move(attempt));
    }
    try {
        return mergeResearch(attempts);
    } catch (const ResearchFailed& e) {
        throw plugins::PluginError::hostDetected(
            name(), e.retryable() ? LODESTONE_ERROR_FAILED : LODESTONE_ERROR_INVALID_INPUT,
            e.what());
    }
}

}  // namespace lodestone::research
