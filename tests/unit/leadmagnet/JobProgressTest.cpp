#include <gtest/gtest.h>

#include <vector>

#include "JobFixtures.hpp"
#include "leadmagnet/ExecutionPhases.hpp"
#include "leadmagnet/JobProgress.hpp"

using namespace lodestone::leadmagnet;
using namespace lodestone::leadmagnet::testing;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace {

// A job in `step`'s running status with that step at `progress` and the earlier steps done.
Job runningAt(StepName step, std::optional<int> progress, Timestamp startedAt = kT0 + 2000) {
    Job job = baseJob(lodestone::domain::runningStatusOf(step));
    if (step != StepName::Research) job.steps.push_back(researchDone());
    if (step == StepName::Finalize) job.steps.push_back(contentDone());
    job.steps.push_back(runningStep(step, startedAt, progress));
    return job;
}

}  // namespace

TEST(Progress, MapsStepProgressIntoItsBand) {
    EXPECT_EQ(progressInBand(StepName::Research, 0), 5);
    EXPECT_EQ(progressInBand(StepName::Research, 50), 22);   // 5 + floor(17.5)
    EXPECT_EQ(progressInBand(StepName::Research, 99), 39);   // 5 + floor(34.65)
    EXPECT_EQ(progressInBand(StepName::Research, 100), 39);  // never the next band's start
    EXPECT_EQ(progressInBand(StepName::Content, 0), 40);
    EXPECT_EQ(progressInBand(StepName::Content, 1), 40);
    EXPECT_EQ(progressInBand(StepName::Content, 50), 65);
    EXPECT_EQ(progressInBand(StepName::Content, 100), 89);
    EXPECT_EQ(progressInBand(StepName::Finalize, 0), 90);
    EXPECT_EQ(progressInBand(StepName::Finalize, 55), 95);
    EXPECT_EQ(progressInBand(StepName::Finalize, 100), 99);
    // Out-of-range reports from a step are clamped, not trusted.
    EXPECT_EQ(progressInBand(StepName::Content, -5), 40);
    EXPECT_EQ(progressInBand(StepName::Content, 150), 89);
}

TEST(Progress, RunningJobUsesItsStepsReportedProgress) {
    EXPECT_EQ(progressPercentage(runningAt(StepName::Research, std::nullopt)), 5);
    EXPECT_EQ(progressPercentage(runningAt(StepName::Research, 20)), 12);
    EXPECT_EQ(progressPercentage(runningAt(StepName::Content, 0)), 40);
    EXPECT_EQ(progressPercentage(runningAt(StepName::Content, 75)), 77);
    EXPECT_EQ(progressPercentage(runningAt(StepName::Finalize, 30)), 93);
}

TEST(Progress, NeverGoesBackwardsThroughAJobsLife) {
    std::vector<int> seen{progressPercentage(baseJob(JobStatus::Queued))};
    for (StepName step : lodestone::domain::kSteps) {
        for (int p = 0; p <= 100; p += 5) seen.push_back(progressPercentage(runningAt(step, p)));
        // Between steps: the step just finished, the job re-queued before the next one.
        Job requeued = runningAt(step, 100);
        requeued.steps.back() = completedStep(step, kT0, kT0 + 1);
        requeued.status = JobStatus::Queued;
        seen.push_back(progressPercentage(requeued));
    }
    Job done = baseJob(JobStatus::Completed);
    done.steps = {researchDone(), contentDone(), finalizeDone()};
    seen.push_back(progressPercentage(done));

    EXPECT_EQ(seen.front(), 0);
    EXPECT_EQ(seen.back(), 100);
    for (std::size_t i = 1; i < seen.size(); ++i) {
        EXPECT_LE(seen[i - 1], seen[i]) << "at sample " << i;
    }
    // Each step's first report is above the previous step's last one.
    EXPECT_LT(progressPercentage(runningAt(StepName::Research, 100)),
              progressPercentage(runningAt(StepName::Content, 0)));
    EXPECT_LT(progressPercentage(runningAt(StepName::Content, 100)),
              progressPercentage(runningAt(StepName::Finalize, 0)));
    EXPECT_LT(progressPercentage(runningAt(StepName::Finalize, 100)), 100);
}

TEST(Progress, RetriedStepStartsFromZeroNotFromTheFailedAttempt) {
    // The job was re-claimed for content; the stored row is still the failed attempt's.
    Job job = baseJob(JobStatus::ContentRunning);
    job.steps = {researchDone(), failedStepRow(StepName::Content, kT0 + 32'000, kT0 + 70'000, 70,
                                               "LLM provider timed out")};
    EXPECT_EQ(progressPercentage(job), 40);
}

TEST(Stuck, ByAgeOfTheRunningStep) {
    auto context = contextAt(kT0 + 2000 + 120'000);  // research's stuckAfter is 120s
    EXPECT_FALSE(isStuck(runningAt(StepName::Research, 50), context));
    context.now += 1;
    EXPECT_TRUE(isStuck(runningAt(StepName::Research, 50), context));
    // Content is allowed longer.
    EXPECT_FALSE(isStuck(runningAt(StepName::Content, 50, kT0 + 2000), context));
    context.now = kT0 + 2000 + 300'001;
    EXPECT_TRUE(isStuck(runningAt(StepName::Content, 50, kT0 + 2000), context));
}

TEST(Stuck, ByExpiredLease) {
    const auto context = contextAt(kT0 + 10'000);
    Job job = runningAt(StepName::Content, 10, kT0 + 9000);
    job.leaseExpiresAt = context.now + 1;
    EXPECT_FALSE(isStuck(job, context));
    job.leaseExpiresAt = context.now;
    EXPECT_TRUE(isStuck(job, context));
    job.leaseExpiresAt = context.now - 5000;
    EXPECT_TRUE(isStuck(job, context));
}

TEST(Stuck, OnlyRunningJobsCanBeStuck) {
    const auto context = contextAt(kT0 + 10'000'000);
    for (JobStatus status : {JobStatus::Queued, JobStatus::Completed, JobStatus::Failed}) {
        Job job = baseJob(status);
        job.steps = {runningStep(StepName::Research, kT0, 10)};
        job.leaseExpiresAt = kT0;
        EXPECT_FALSE(isStuck(job, context)) << lodestone::domain::toString(status);
    }
}

TEST(Eta, RoundsUpToWholeSeconds) {
    // Content typical 60s, then finalize 10s.
    auto eta = [](Timestamp elapsed) {
        return estimatedSecondsRemaining(runningAt(StepName::Content, 10, kT0),
                                         contextAt(kT0 + elapsed));
    };
    EXPECT_EQ(eta(20'000), 50);  // exactly 50s
    EXPECT_EQ(eta(20'001), 50);  // 49.999s
    EXPECT_EQ(eta(20'999), 50);  // 49.001s
    EXPECT_EQ(eta(21'000), 49);
    EXPECT_EQ(eta(0), 70);
}

TEST(Eta, OverrunningStepStillCountsAtLeastOneSecond) {
    EXPECT_EQ(
        estimatedSecondsRemaining(runningAt(StepName::Content, 99, kT0), contextAt(kT0 + 600'000)),
        11);
    EXPECT_EQ(
        estimatedSecondsRemaining(runningAt(StepName::Finalize, 99, kT0), contextAt(kT0 + 600'000)),
        1);
}

TEST(Eta, UsesTheContextsTypicalDurations) {
    auto context = contextAt(kT0 + 5000);
    context.typical = {seconds{40}, seconds{90}, seconds{15}};
    EXPECT_EQ(estimatedSecondsRemaining(runningAt(StepName::Research, 10, kT0), context),
              35 + 90 + 15);
}

TEST(Eta, NullWhenQueuedOrFailedAndZeroWhenCompleted) {
    const auto context = contextAt(kT0 + 5000);
    EXPECT_EQ(estimatedSecondsRemaining(baseJob(JobStatus::Queued), context), std::nullopt);
    EXPECT_EQ(estimatedSecondsRemaining(baseJob(JobStatus::Failed), context), std::nullopt);
    EXPECT_EQ(estimatedSecondsRemaining(baseJob(JobStatus::Completed), context), 0);
}

TEST(ProcessingTime, RunningJobsCountToNow) {
    EXPECT_EQ(processingSeconds(runningAt(StepName::Content, 10), kT0 + 12'999), 12);
    EXPECT_EQ(processingSeconds(baseJob(JobStatus::Queued), kT0 + 999), 0);
}

TEST(ProcessingTime, FinishedJobsCountToFinishedAt) {
    Job job = baseJob(JobStatus::Completed);
    job.finishedAt = kT0 + 104'500;
    job.updatedAt = kT0 + 200'000;
    EXPECT_EQ(processingSeconds(job, kT0 + 900'000), 104);
    job.finishedAt.reset();  // recorded before finishedAt existed: fall back to updatedAt
    EXPECT_EQ(processingSeconds(job, kT0 + 900'000), 200);
    job.status = JobStatus::Failed;
    EXPECT_EQ(processingSeconds(job, kT0 + 900'000), 200);
}

TEST(ProcessingTime, NeverNegative) {
    EXPECT_EQ(processingSeconds(baseJob(JobStatus::Queued), kT0 - 5000), 0);
}

TEST(CanRetry, OnlyRetryableFailedJobs) {
    Job job = baseJob(JobStatus::Failed);
    EXPECT_TRUE(canRetry(job));
    job.retryable = false;
    EXPECT_FALSE(canRetry(job));
    EXPECT_FALSE(canRetry(baseJob(JobStatus::ContentRunning)));
}

TEST(FailedStep, FallsBackToTheFirstUnfinishedStepWithoutAFailedRow) {
    Job job = baseJob(JobStatus::Failed);
    job.steps = {researchDone(), runningStep(StepName::Content, kT0 + 32'000, 60)};
    EXPECT_EQ(failedStep(job), StepName::Content);
    EXPECT_EQ(currentStepLabel(job), "Content generation");
    EXPECT_EQ(progressPercentage(job), 70);  // its last reported progress still counts

    auto phases = executionPhases(job);
    EXPECT_EQ(phases[2].status, PhaseStatus::Completed);
    EXPECT_EQ(phases[3].status, PhaseStatus::Failed);
    EXPECT_EQ(phases[4].status, PhaseStatus::Failed);

    EXPECT_EQ(failedStep(baseJob(JobStatus::Failed)), StepName::Research);
    EXPECT_EQ(failedStep(runningAt(StepName::Content, 1)), std::nullopt);
}

// The status decides the phases even when rows are missing (written by hand, or lost).
TEST(ExecutionPhases, FollowTheStatusWhateverRowsExist) {
    auto statuses = [](const Job& job) {
        std::vector<std::string_view> out;
        for (const auto& phase : executionPhases(job)) out.push_back(toString(phase.status));
        return out;
    };
    using V = std::vector<std::string_view>;
    EXPECT_EQ(statuses(baseJob(JobStatus::Completed)), V(5, "completed"));
    EXPECT_EQ(statuses(baseJob(JobStatus::ContentRunning)),
              (V{"completed", "completed", "completed", "current", "pending"}));
    EXPECT_EQ(statuses(baseJob(JobStatus::Finalizing)),
              (V{"completed", "completed", "completed", "completed", "current"}));
    EXPECT_EQ(statuses(baseJob(JobStatus::ResearchRunning)),
              (V{"completed", "current", "pending", "pending", "pending"}));
    // Failed with no rows at all: blamed on the first step, so everything after phase 1 failed.
    EXPECT_EQ(statuses(baseJob(JobStatus::Failed)),
              (V{"completed", "failed", "failed", "failed", "failed"}));
}
