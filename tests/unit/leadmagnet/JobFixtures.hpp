#pragma once

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "leadmagnet/JobProgress.hpp"

// Hand-built jobs and step rows as the worker stores them, on one shared timeline.
namespace lodestone::leadmagnet::testing {

using domain::Job;
using domain::JobStatus;
using domain::JobStep;
using domain::StepName;
using domain::StepStatus;
using domain::Timestamp;

inline constexpr Timestamp kT0 = 1'700'000'000'000;  // the job's createdAt

inline JobStep completedStep(StepName name, Timestamp startedAt, Timestamp completedAt) {
    JobStep step;
    step.name = name;
    step.status = StepStatus::Completed;
    step.startedAt = startedAt;
    step.completedAt = completedAt;
    step.outputJson = R"({"summary":"stored output never shown"})";
    return step;
}

inline JobStep runningStep(StepName name, Timestamp startedAt, std::optional<int> progress) {
    JobStep step;
    step.name = name;
    step.status = StepStatus::Running;
    step.startedAt = startedAt;
    step.progress = progress;
    return step;
}

inline JobStep failedStepRow(StepName name, Timestamp startedAt, Timestamp failedAt,
                             std::optional<int> progress, std::string error) {
    JobStep step;
    step.name = name;
    step.status = StepStatus::Failed;
    step.startedAt = startedAt;
    step.failedAt = failedAt;
    step.progress = progress;
    step.error = std::move(error);
    return step;
}

inline Job baseJob(JobStatus status) {
    Job job;
    job.id = "job_abcdefghijklmnopqrstuvwx";
    job.leadId = "lead_abcdefghijklmnopqrstuvwx";
    job.organisationId = "org_abcdefghijklmnopqrstuvwx";
    job.projectId = "k3n9x2p7q4r8s1t6v5w0y3z8a2b7c4d9";
    job.leadMagnetUrl = "https://magnets.example.com/lead_abcdefghijklmnopqrstuvwx";
    job.status = status;
    job.createdAt = kT0;
    job.updatedAt = kT0;
    return job;
}

// A worker holds the lease on every running job; it expires well after the test's "now".
inline Job leasedJob(JobStatus status, Timestamp now) {
    Job job = baseJob(status);
    job.leaseOwner = "worker-1";
    job.leaseExpiresAt = now + 30'000;
    return job;
}

// Research: +2s..+31s, content: +32s..+95s, finalize: +96s..+104s.
inline JobStep researchDone() {
    return completedStep(StepName::Research, kT0 + 2000, kT0 + 31000);
}
inline JobStep contentDone() {
    return completedStep(StepName::Content, kT0 + 32000, kT0 + 95000);
}
inline JobStep finalizeDone() {
    return completedStep(StepName::Finalize, kT0 + 96000, kT0 + 104000);
}

inline StatusViewContext contextAt(Timestamp now) {
    StatusViewContext context;
    context.now = now;
    context.stuckAfter = {std::chrono::seconds{120}, std::chrono::seconds{300},
                          std::chrono::seconds{60}};
    return context;
}

}  // namespace lodestone::leadmagnet::testing
