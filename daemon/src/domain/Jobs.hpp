#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::domain {

// A generation job's status, as the spec names them. The database enforces the same set.
enum class JobStatus { Queued, ResearchRunning, ContentRunning, Finalizing, Completed, Failed };

std::string_view toString(JobStatus status);
std::optional<JobStatus> jobStatusFromString(std::string_view text);

// The pipeline's steps, in order. Their spec names (`research_agent`, …) are what the status
// endpoints show.
enum class StepName { Research, Content, Finalize };

inline constexpr StepName kSteps[] = {StepName::Research, StepName::Content, StepName::Finalize};

std::string_view toString(StepName step);  // "research_agent", "content_generation", "finalization"
std::optional<StepName> stepNameFromString(std::string_view text);
JobStatus runningStatusOf(StepName step);  // Research -> ResearchRunning, …

enum class StepStatus { Running, Completed, Failed };

std::string_view toString(StepStatus status);
std::optional<StepStatus> stepStatusFromString(std::string_view text);

// One step of one job: the latest run of it.
struct JobStep {
    StepName name = StepName::Research;
    StepStatus status = StepStatus::Running;
    Timestamp startedAt = 0;
    std::optional<Timestamp> completedAt;
    std::optional<Timestamp> failedAt;
    std::optional<int> progress;            // 0-100 while running
    std::optional<std::string> error;       // when failed
    std::optional<std::string> outputJson;  // what the step produced, once completed
};

// A lead: one prospect submitted to a project, and where its lead magnet will live.
struct Lead {
    std::string id;
    std::string organisationId;
    std::string projectId;
    std::string email;
    std::string fieldsJson;  // the validated input, only fields the project's schema knows
    std::string leadMagnetUrl;
    Timestamp createdAt = 0;
};

// A generation job: moves one lead through research -> content -> finalize.
struct Job {
    std::string id;
    std::string leadId;
    std::string organisationId;
    std::string projectId;
    std::string leadMagnetUrl;
    JobStatus status = JobStatus::Queued;
    int retryCount = 0;
    int maxRetries = 3;
    std::optional<std::string> error;  // set while failed
    bool retryable = true;
    std::int64_t creditsCharged = 0;
    std::optional<std::string> leaseOwner;
    std::optional<Timestamp> leaseExpiresAt;
    StepName nextStep = StepName::Research;  // the step it runs, or resumes at, next
    Timestamp runAfter = 0;                  // not claimed before this (retry back-off)
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
    std::optional<Timestamp> finishedAt;  // when it became completed or failed
    std::vector<JobStep> steps;           // in pipeline order

    const JobStep* step(StepName name) const;
};

}  // namespace lodestone::domain
