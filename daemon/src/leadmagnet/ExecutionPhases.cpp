#include "leadmagnet/ExecutionPhases.hpp"

#include "leadmagnet/JobProgress.hpp"

namespace lodestone::leadmagnet {

using domain::Job;
using domain::JobStatus;
using domain::StepName;

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
    // Each step owns phases: research 2-3 (analysis is part of research and has no running state
    // of its own), content 4, finalization 5. The job's status decides: a running step's phases
    // before it are done whatever rows exist, a completed job has done them all, a failure marks
    // its step's phases and every later one failed. Only a queued job looks at the rows, so one
    // re-queued after a retry keeps showing what it already finished.
    std::array<PhaseStatus, kPhaseCount> status{PhaseStatus::Completed, PhaseStatus::Pending,
                                                PhaseStatus::Pending, PhaseStatus::Pending,
                                                PhaseStatus::Pending};
    auto mark = [&](std::size_t from, std::size_t to, PhaseStatus value) {
        for (std::size_t phase = from; phase <= to; ++phase) status[phase] = value;
    };
    switch (job.status) {
        case JobStatus::Queued:
            if (isStepCompleted(job, StepName::Research)) mark(1, 2, PhaseStatus::Completed);
            if (isStepCompleted(job, StepName::Content)) mark(3, 3, PhaseStatus::Completed);
            break;
        case JobStatus::ResearchRunning:
            mark(1, 1, PhaseStatus::Current);
            break;
        case JobStatus::ContentRunning:
            mark(1, 2, PhaseStatus::Completed);
            mark(3, 3, PhaseStatus::Current);
            break;
        case JobStatus::Finalizing:
            mark(1, 3, PhaseStatus::Completed);
            mark(4, 4, PhaseStatus::Current);
            break;
        case JobStatus::Completed:
            mark(1, 4, PhaseStatus::Completed);
            break;
        case JobStatus::Scoring:
            break;  // a prospect's job: never shown as a generation job
        case JobStatus::Failed: {
            std::size_t firstFailed = 4;
            switch (failedStep(job).value_or(StepName::Finalize)) {
                case StepName::Research:
                    firstFailed = 1;
                    break;
                case StepName::Content:
                    firstFailed = 3;
                    break;
                case StepName::Finalize:
                case StepName::Score:  // a prospect's step: never shown here
                    firstFailed = 4;
                    break;
            }
            if (firstFailed > 1) mark(1, firstFailed - 1, PhaseStatus::Completed);
            mark(firstFailed, 4, PhaseStatus::Failed);
            break;
        }
    }
    return {{
        {"Lead generation initiated", "Lead record created and queued for processing", status[0]},
        {"Research agent started", "Research agent execution and data gathering", status[1]},
        {"Data analysis completed", "Research data processed and analyzed", status[2]},
        {"Content generation started", "AI generating personalized lead magnet content", status[3]},
        {"Finalizing lead magnet", "Saving content and preparing final lead magnet", status[4]},
    }};
}

}  // namespace lodestone::leadmagnet
