#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "domain/Jobs.hpp"
#include "domain/Time.hpp"

namespace lodestone::leadmagnet {

// One duration per pipeline step. The defaults are the midpoints of the spec's typical durations.
struct StepDurations {
    std::chrono::milliseconds research{30000};
    std::chrono::milliseconds content{60000};
    std::chrono::milliseconds finalize{10000};

    std::chrono::milliseconds of(domain::StepName step) const;
};

struct StatusViewContext {
    domain::Timestamp now = 0;  // epoch ms
    StepDurations typical;      // typical duration of each step (from recently completed steps)
    StepDurations stuckAfter;   // a running step older than this is stuck
};

// The share of progressPercentage a step owns: [start, end).
struct ProgressBand {
    int start = 0;
    int end = 0;
};

ProgressBand progressBandOf(domain::StepName step);

// Where a step that has reported `stepProgress` (0-100) sits in the job's overall percentage.
int progressInBand(domain::StepName step, int stepProgress);

// The human-readable step name shown in currentStep: "Research agent", …
std::string_view readableName(domain::StepName step);

// The step being worked on while the job is in a running status; nullopt otherwise.
std::optional<domain::StepName> runningStep(const domain::Job& job);

// The step a failed job failed in; nullopt unless the job is failed.
std::optional<domain::StepName> failedStep(const domain::Job& job);

// The first step in pipeline order whose row is not completed; nullopt when all are.
std::optional<domain::StepName> firstUnfinishedStep(const domain::Job& job);

bool isStepCompleted(const domain::Job& job, domain::StepName step);

// The fields of the generation-job object that are computed rather than stored.
std::optional<std::string_view> currentStepLabel(const domain::Job& job);
int progressPercentage(const domain::Job& job);
std::optional<std::int64_t> estimatedSecondsRemaining(const domain::Job& job,
                                                      const StatusViewContext& context);
std::int64_t processingSeconds(const domain::Job& job, domain::Timestamp now);
bool isStuck(const domain::Job& job, const StatusViewContext& context);
bool canRetry(const domain::Job& job);

}  // namespace lodestone::leadmagnet
