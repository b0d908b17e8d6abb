#include "leadmagnet/ExecutionPhases.hpp"

#include "leadmagnet/JobProgress.hpp"

namespace lodestone::leadmagnet {

using domain::Job;
using domain::JobStatus;
using domain::StepName;

namespace {

// Picks the first status whose condition holds, in the precedence completed, current, failed.
PhaseStatus phaseStatus(bool completed, bool current, bool failed) {
    if (completed) return PhaseStatus::Completed;
    if (current) return PhaseStatus::Current;
    if (failed) return PhaseStatus::Failed;
    return PhaseStatus::Pending;
}

}  // namespace

std::string_view toString(PhaseStatus status) {
    switch (status) {
        case PhaseStatus::Completed:
            return "completed";
        case PhaseStatus::Pending:
            return "pending";
        case PhaseStatus::Current:
            return "current";
        case PhaseStatus::Failed:
            return "failed";
    }
    return "";
}

std::array<ExecutionPhase, kPhaseCount> executionPhases(const Job& job) {
    const bool researchDone = isStepCompleted(job, StepName::Research);
    const bool contentDone = isStepCompleted(job, StepName::Content);
    const auto failedIn = failedStep(job);
    const bool failedInResearch = failedIn == StepName::Research;
    const bool failedByContent = failedInResearch || failedIn == StepName::Content;

    // Phases 2-5 follow the steps' rows rather than only the status, so a job re-queued after a
    // retry keeps showing what it already finished. A failure marks its own phase and every phase
    // after it failed: those will not happen in this run.
    return {{
        // The lead exists as soon as the job does.
        {"Lead generation initiated", "Lead record created and queued for processing",
         PhaseStatus::Completed},
        {"Research agent started", "Research agent execution and data gathering",
         phaseStatus(researchDone, job.status == JobStatus::ResearchRunning, failedInResearch)},
        // Analysis is part of the research step; it has no running state of its own.
        {"Data analysis completed", "Research data processed and analyzed",
         phaseStatus(researchDone, false, failedInResearch)},
        {"Content generation started", "AI generating personalized lead magnet content",
         phaseStatus(contentDone, job.status == JobStatus::ContentRunning, failedByContent)},
        {"Finalizing lead magnet", "Saving content and preparing final lead magnet",
         phaseStatus(job.status == JobStatus::Completed, job.status == JobStatus::Finalizing,
                     failedIn.has_value())},
    }};
}

}  // namespace lodestone::leadmagnet
