#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::domain {

// What a job does: generate a lead magnet (the spec's generation job), or research and score a
// prospect added to a campaign.
enum class JobKind { LeadMagnet, Prospect };

// Every kind, in the order a claim takes them when both are due: lead magnets first, since a
// client polls for each one, while prospects arrive in batches (a CRM import of thousands must
// not hold up a page someone is waiting for).
inline constexpr JobKind kJobKindsByClaimOrder[] = {JobKind::LeadMagnet, JobKind::Prospect};

std::string_view toString(JobKind kind);  // "lead_magnet", "prospect"
std::optional<JobKind> jobKindFromString(std::string_view text);

// A job's status: the spec's names for a generation job, plus `scoring` for a prospect's job.
// The database enforces the same set.
enum class JobStatus {
    Queued,
    ResearchRunning,
    ContentRunning,
    Finalizing,
    Scoring,
    Completed,
    Failed
};

std::string_view toString(JobStatus status);
std::optional<JobStatus> jobStatusFromString(std::string_view text);
// The statuses a lead-magnet job goes through, in order: all but a prospect's `scoring`.
std::vector<JobStatus> leadMagnetJobStatuses();

// Every step a job may run. Their spec names (`research_agent`, …) are what the status endpoints
// show.
enum class StepName { Research, Content, Finalize, Score };

// The lead-magnet pipeline, in order; the steps the status endpoints report.
inline constexpr StepName kSteps[] = {StepName::Research, StepName::Content, StepName::Finalize};
// A prospect's pipeline: research it, then score it against the campaign's ICP.
inline constexpr StepName kProspectSteps[] = {StepName::Research, StepName::Score};

// "research_agent", "content_generation", "finalization", "icp_scoring"
std::string_view toString(StepName step);
std::optional<StepName> stepNameFromString(std::string_view text);
JobStatus runningStatusOf(StepName step);  // Research -> ResearchRunning, …
// The step after `step` in a job of that kind; nothing after the last.
std::optional<StepName> stepAfter(JobKind kind, StepName step);

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
// What happened on a lead-magnet page: views by people (bots and link previews are not
// counted) and calls-to-action they followed (docs/pages.md).
struct PageActivity {
    std::int64_t views = 0;
    std::optional<Timestamp> firstViewedAt;
    std::optional<Timestamp> lastViewedAt;
    std::int64_t ctaClicks = 0;
    std::optional<Timestamp> lastCtaClickAt;
};

struct Lead {
    std::string id;
    std::string organisationId;
    std::string projectId;
    std::string email;
    std::string fieldsJson;  // the validated input, only fields the project's schema knows
    std::string leadMagnetUrl;
    Timestamp createdAt = 0;
    // The campaign prospect it was made for (its campaign's project), if any: one lead per
    // prospect.
    std::optional<std::string> prospectId = std::nullopt;
};

// A job: moves one lead through research -> content -> finalize, or one prospect through
// research -> scoring.
struct Job {
    std::string id;
    JobKind kind = JobKind::LeadMagnet;
    std::string leadId;  // lead-magnet jobs: the lead, its project and its page's URL
    std::string organisationId;
    std::string projectId;
    std::string leadMagnetUrl;
    std::string prospectId;  // prospect jobs: the prospect and its campaign
    std::string campaignId;
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
    // A lead-magnet job's page title, as its content step wrote it; empty before then.
    std::string leadMagnetTitle() const;
};

}  // namespace lodestone::domain
