#include "leadmagnet/JobProgress.hpp"

#include <algorithm>

namespace lodestone::leadmagnet {

using domain::Job;
using domain::JobStatus;
using domain::JobStep;
using domain::StepName;
using domain::StepStatus;
using std::chrono::milliseconds;

namespace {

// 100 is reserved for a completed job, so nothing short of completion may show it.
constexpr int kCompletedPercentage = 100;

// The row of the step the job is running, but only if that row belongs to the current run: after a
// retry the job can be running a step whose stored row is still the failed one from the previous
// attempt, and that row's start time and progress say nothing about this run.
const JobStep* currentRunRow(const Job& job) {
    auto step = runningStep(job);
    if (!step) return nullptr;
    const JobStep* row = job.step(*step);
    return row != nullptr && row->status == StepStatus::Running ? row : nullptr;
}

std::int64_t ceilSeconds(milliseconds duration) {
    return (std::max<std::int64_t>(duration.count(), 0) + 999) / 1000;
}

}  // namespace

milliseconds StepDurations::of(StepName step) const {
    switch (step) {
        case StepName::Research:
            return research;
        case StepName::Content:
            return content;
        case StepName::Finalize:
            return finalize;
        case StepName::Score:
            break;  // a prospect's step: the lead-magnet views never see one
    }
    return research;
}

ProgressBand progressBandOf(StepName step) {
    // Research starts at 5 rather than 0 so a job that has been picked up visibly moves away from
    // the 0 shown while queued.
    switch (step) {
        case StepName::Research:
            return {5, 40};
        case StepName::Content:
            return {40, 90};
        case StepName::Finalize:
            return {90, kCompletedPercentage};
        case StepName::Score:
            break;  // a prospect's step
    }
    return {0, 0};
}

int progressInBand(StepName step, int stepProgress) {
    const ProgressBand band = progressBandOf(step);
    const int clamped = std::clamp(stepProgress, 0, 100);
    const int mapped = band.start + (band.end - band.start) * clamped / 100;
    // A step reporting 100 has not completed yet; reaching band.end would equal the next step's
    // start (or the completed job's 100) and let a later state show the same or less.
    return std::min(mapped, band.end - 1);
}

std::string_view readableName(StepName step) {
    switch (step) {
        case StepName::Research:
            return "Research agent";
        case StepName::Content:
            return "Content generation";
        case StepName::Finalize:
            return "Finalization";
        case StepName::Score:
            return "ICP scoring";
    }
    return "";
}

std::optional<StepName> runningStep(const Job& job) {
    switch (job.status) {
        case JobStatus::ResearchRunning:
            return StepName::Research;
        case JobStatus::ContentRunning:
            return StepName::Content;
        case JobStatus::Finalizing:
            return StepName::Finalize;
        default:
            return std::nullopt;
    }
}

bool isStepCompleted(const Job& job, StepName step) {
    const JobStep* row = job.step(step);
    return row != nullptr && row->status == StepStatus::Completed;
}

std::optional<StepName> firstUnfinishedStep(const Job& job) {
    for (StepName step : domain::kSteps) {
        if (!isStepCompleted(job, step)) return step;
    }
    return std::nullopt;
}

std::optional<StepName> failedStep(const Job& job) {
    if (job.status != JobStatus::Failed) return std::nullopt;
    for (StepName step : domain::kSteps) {
        const JobStep* row = job.step(step);
        if (row != nullptr && row->status == StepStatus::Failed) return step;
    }
    // No failed row: the job was failed from outside a step (e.g. its lease ran out for the last
    // time), so blame the step it had not got past. If every step completed, the failure came
    // while wrapping up, which belongs to finalization.
    return firstUnfinishedStep(job).value_or(StepName::Finalize);
}

std::optional<std::string_view> currentStepLabel(const Job& job) {
    switch (job.status) {
        case JobStatus::Queued:
            return std::nullopt;
        case JobStatus::Completed:
            return "Completed";
        case JobStatus::Failed:
            return readableName(*failedStep(job));
        default:
            return readableName(*runningStep(job));
    }
}

int progressPercentage(const Job& job) {
    switch (job.status) {
        case JobStatus::Queued: {
            const bool anyCompleted = std::ranges::any_of(
                domain::kSteps, [&](StepName step) { return isStepCompleted(job, step); });
            if (!anyCompleted) return 0;
            // Re-queued after a retry: keep what was achieved so the percentage does not drop
            // back while the job waits for a worker.
            auto next = firstUnfinishedStep(job);
            return next ? progressBandOf(*next).start : kCompletedPercentage - 1;
        }
        case JobStatus::Completed:
            return kCompletedPercentage;
        case JobStatus::Failed: {
            // Show where it stopped, not zero: the failed row keeps its last reported progress.
            const StepName step = *failedStep(job);
            const JobStep* row = job.step(step);
            const bool hasProgress = row != nullptr && row->status != StepStatus::Completed;
            return progressInBand(step, hasProgress ? row->progress.value_or(0) : 0);
        }
        default: {
            const JobStep* row = currentRunRow(job);
            return progressInBand(*runningStep(job), row ? row->progress.value_or(0) : 0);
        }
    }
}

std::optional<std::int64_t> estimatedSecondsRemaining(const Job& job,
                                                      const StatusViewContext& context) {
    switch (job.status) {
        case JobStatus::Queued:
        case JobStatus::Failed:
            return std::nullopt;
        case JobStatus::Completed:
            return 0;
        default:
            break;
    }
    const StepName current = *runningStep(job);
    const JobStep* row = currentRunRow(job);
    // A start time in the future (clock skew between workers) counts as just started.
    const milliseconds elapsed{row ? std::max<std::int64_t>(context.now - row->startedAt, 0) : 0};
    // A step running past its typical duration is still running: never promise 0 before it ends.
    milliseconds remaining = std::max(context.typical.of(current) - elapsed, milliseconds{1000});
    for (StepName later : domain::kSteps) {
        if (later > current) remaining += context.typical.of(later);
    }
    return ceilSeconds(remaining);
}

std::int64_t processingSeconds(const Job& job, domain::Timestamp now) {
    const bool finished = job.status == JobStatus::Completed || job.status == JobStatus::Failed;
    // Jobs finished before finishedAt was recorded fall back to their last update.
    const domain::Timestamp end = finished ? job.finishedAt.value_or(job.updatedAt) : now;
    return std::max<std::int64_t>(end - job.createdAt, 0) / 1000;
}

bool isStuck(const Job& job, const StatusViewContext& context) {
    auto step = runningStep(job);
    if (!step) return false;
    // An expired lease means the worker holding the job stopped renewing it, whatever the age.
    if (job.leaseExpiresAt && *job.leaseExpiresAt <= context.now) return true;
    const JobStep* row = currentRunRow(job);
    return row != nullptr &&
           milliseconds{context.now - row->startedAt} > context.stuckAfter.of(*step);
}

bool canRetry(const Job& job) {
    return job.status == JobStatus::Failed && job.retryable;
}

}  // namespace lodestone::leadmagnet
