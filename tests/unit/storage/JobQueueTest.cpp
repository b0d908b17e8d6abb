// The job queue (storage's JobQueue, the job engine's side of the jobs table): claiming jobs,
// when the next is due, completing steps, and the lease guard. (Lease renewal, failures and
// hand-backs: JobQueueOutcomesTest.cpp.)
#include <tuple>

#include "JobQueueFixture.hpp"
#include "storage/JobBacklog.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeaseRepository.hpp"

// Inside the fixture's namespace, where JobQueue names the fixture (storage::JobQueue the
// interface).
namespace lodestone::storage::test {

INSTANTIATE_TEST_SUITE_P(, JobQueue, everyBackend(), backendName);

// --- claim ------------------------------------------------------------------------------------

TEST_P(JobQueue, ClaimTakesOnlyDueUnleasedUnfinishedJobsOfThatStep) {
    auto dueNow = addJob(kT0);  // run_after == now counts as due
    auto dueEarlier = addJob(kT0 - 5);
    addJob(kT0 + 1);                                                 // not yet due
    addJob(kT0 - 10, StepName::Content, JobStatus::ContentRunning);  // another step
    addJob(kT0 - 10, StepName::Research, JobStatus::Completed);
    addJob(kT0 - 10, StepName::Research, JobStatus::Failed);
    auto leased = addJob(kT0 - 10);
    sql("UPDATE jobs SET lease_owner = 'other', lease_expires_at = " + std::to_string(kT0 + 1000) +
        " WHERE id = '" + leased.id + "'");

    auto claimed = claim(StepName::Research, "worker-1", 10, kT0);
    EXPECT_THAT(idsOf(claimed), ElementsAre(dueEarlier.id, dueNow.id));
    EXPECT_EQ(find(leased.id).leaseOwner, "other");  // untouched
}

TEST_P(JobQueue, ClaimTakesTheOldestDueFirstAndAtMostTheLimit) {
    auto third = addJob(kT0 - 1);
    auto first = addJob(kT0 - 3);
    auto second = addJob(kT0 - 2);
    // Equally due: the one created first goes first.
    auto tieLater = addJob(kT0 - 4, StepName::Research, JobStatus::Queued, kT0 - 100);
    auto tieEarlier = addJob(kT0 - 4, StepName::Research, JobStatus::Queued, kT0 - 200);

    EXPECT_THAT(idsOf(claim(StepName::Research, "w", 2, kT0)),
                ElementsAre(tieEarlier.id, tieLater.id));
    EXPECT_THAT(idsOf(claim(StepName::Research, "w", 2, kT0)), ElementsAre(first.id, second.id));
    EXPECT_THAT(idsOf(claim(StepName::Research, "w", 2, kT0)), ElementsAre(third.id));
    EXPECT_TRUE(claim(StepName::Research, "w", 2, kT0).empty());
}

TEST_P(JobQueue, ClaimWithLimitZeroTakesNothing) {
    addJob(kT0);
    EXPECT_TRUE(claim(StepName::Research, "w", 0, kT0).empty());
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE lease_owner IS NOT NULL"), 0);
}

TEST_P(JobQueue, ClaimLeasesTheJobAndStartsItsStep) {
    auto job = addJob(kT0 - 50);
    auto claimed = claim(StepName::Research, "worker-1", 1, kT0);
    ASSERT_EQ(claimed.size(), 1u);
    for (const auto& seen : {claimed[0], find(job.id)}) {
        EXPECT_EQ(seen.status, JobStatus::ResearchRunning);
        EXPECT_EQ(seen.leaseOwner, "worker-1");
        EXPECT_EQ(seen.leaseExpiresAt, kT0 + kLease);
        EXPECT_EQ(seen.updatedAt, kT0);
        EXPECT_EQ(seen.nextStep, StepName::Research);
        EXPECT_EQ(seen.retryCount, 0);
        ASSERT_EQ(seen.steps.size(), 1u);
        const auto& step = seen.steps[0];
        EXPECT_EQ(step.name, StepName::Research);
        EXPECT_EQ(step.status, StepStatus::Running);
        EXPECT_EQ(step.startedAt, kT0);
        EXPECT_EQ(step.progress, 0);
        EXPECT_FALSE(step.completedAt);
        EXPECT_FALSE(step.failedAt);
        EXPECT_FALSE(step.error);
        EXPECT_FALSE(step.outputJson);
    }
}

TEST_P(JobQueue, ClaimingALaterStepReturnsTheOutputsOfFinishedSteps) {
    auto job = addJob(kT0, StepName::Content, JobStatus::ContentRunning);
    sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at, progress, "
        "output_json) VALUES ('" +
        job.id + "', 'research_agent', 'completed', 1, 2, 100, '{\"facts\":[1]}')");
    auto claimed = claim(StepName::Content, "w", 1, kT0 + 1);
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].status, JobStatus::ContentRunning);
    ASSERT_EQ(claimed[0].steps.size(), 2u);
    ASSERT_NE(claimed[0].step(StepName::Research), nullptr);
    EXPECT_EQ(claimed[0].step(StepName::Research)->outputJson, R"({"facts":[1]})");
    EXPECT_EQ(claimed[0].step(StepName::Content)->status, StepStatus::Running);
}

TEST_P(JobQueue, FinalizeClaimSetsTheFinalizingStatus) {
    addJob(kT0, StepName::Finalize, JobStatus::ContentRunning);
    auto claimed = claim(StepName::Finalize, "w", 1, kT0);
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].status, JobStatus::Finalizing);
}

TEST_P(JobQueue, AClaimedJobIsNotClaimedAgain) {
    auto job = addJob(kT0);
    claimOne(job, "worker-1", kT0);
    EXPECT_TRUE(claim(StepName::Research, "worker-2", 10, kT0).empty());
    // Not even once its lease has run out: taking it back is the rescuer's business.
    EXPECT_TRUE(claim(StepName::Research, "worker-2", 10, kT0 + 10 * kLease).empty());
    EXPECT_EQ(find(job.id).leaseOwner, "worker-1");
}

TEST_P(JobQueue, ReclaimAfterAFailureStartsTheStepAfresh) {
    auto job = addJob(kT0);
    claimOne(job, "worker-1", kT0);
    ASSERT_TRUE(store_->write(
        [&](Repositories& r) { return r.jobQueue().reportProgress(job.id, "worker-1", 40); }));
    ASSERT_TRUE(fail({job.id, "worker-1", StepName::Research, "boom", kT0 + 10, kT0 + 20, false}));
    // Whatever the failed attempt left in its row must not survive into the next attempt.
    sql("UPDATE job_steps SET output_json = '{\"stale\":true}', completed_at = 5 WHERE job_id = '" +
        job.id + "'");

    auto again = claimOne(job, "worker-2", kT0 + 20);
    ASSERT_EQ(again.steps.size(), 1u);
    const auto& step = again.steps[0];
    EXPECT_EQ(step.status, StepStatus::Running);
    EXPECT_EQ(step.startedAt, kT0 + 20);
    EXPECT_EQ(step.progress, 0);
    EXPECT_FALSE(step.error);
    EXPECT_FALSE(step.failedAt);
    EXPECT_FALSE(step.completedAt);
    EXPECT_FALSE(step.outputJson);
    EXPECT_EQ(again.retryCount, 1);
    EXPECT_EQ(again.leaseOwner, "worker-2");
    EXPECT_EQ(count("SELECT COUNT(*) FROM job_steps WHERE job_id = '" + job.id + "'"), 1);
}

// --- nextDue ----------------------------------------------------------------------------------

TEST_P(JobQueue, NextDueIsTheEarliestClaimableJobOfThatStep) {
    EXPECT_FALSE(
        store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Research); }));
    addJob(kT0 + 500);
    addJob(kT0 + 300);
    addJob(kT0 + 100, StepName::Content, JobStatus::ContentRunning);
    addJob(kT0 + 50, StepName::Research, JobStatus::Failed);
    addJob(kT0 + 50, StepName::Research, JobStatus::Completed);
    auto leased = addJob(kT0 + 10);
    sql("UPDATE jobs SET lease_owner = 'w', lease_expires_at = 1 WHERE id = '" + leased.id + "'");

    EXPECT_EQ(
        store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Research); }),
        kT0 + 300);
    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Content); }),
              kT0 + 100);
    EXPECT_FALSE(
        store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Finalize); }));
}

// --- completeStep -----------------------------------------------------------------------------

TEST_P(JobQueue, CompletingResearchMovesTheJobOnToContentAtOnce) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(complete(job.id, "w", StepName::Research, R"({"facts":[]})", kT0 + 100));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ContentRunning);
    EXPECT_EQ(found.nextStep, StepName::Content);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    EXPECT_EQ(found.runAfter, kT0 + 100);
    EXPECT_EQ(found.updatedAt, kT0 + 100);
    EXPECT_FALSE(found.finishedAt);
    const auto* research = found.step(StepName::Research);
    ASSERT_NE(research, nullptr);
    EXPECT_EQ(research->status, StepStatus::Completed);
    EXPECT_EQ(research->completedAt, kT0 + 100);
    EXPECT_EQ(research->progress, 100);
    EXPECT_EQ(research->outputJson, R"({"facts":[]})");
    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Content); }),
              kT0 + 100);
}

TEST_P(JobQueue, TheJobWalksThroughEveryStepToCompleted) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(complete(job.id, "w", StepName::Research, R"({"r":1})", kT0 + 1));

    auto content = claim(StepName::Content, "w", 1, kT0 + 2);
    ASSERT_EQ(content.size(), 1u);
    EXPECT_EQ(content[0].status, JobStatus::ContentRunning);
    ASSERT_TRUE(complete(job.id, "w", StepName::Content, R"({"c":2})", kT0 + 3));
    auto afterContent = find(job.id);
    EXPECT_EQ(afterContent.status, JobStatus::Finalizing);
    EXPECT_EQ(afterContent.nextStep, StepName::Finalize);
    EXPECT_FALSE(afterContent.leaseOwner);
    EXPECT_EQ(afterContent.runAfter, kT0 + 3);

    auto finalize = claim(StepName::Finalize, "w", 1, kT0 + 4);
    ASSERT_EQ(finalize.size(), 1u);
    ASSERT_TRUE(complete(job.id, "w", StepName::Finalize, R"({"f":3})", kT0 + 5));
    auto done = find(job.id);
    EXPECT_EQ(done.status, JobStatus::Completed);
    EXPECT_EQ(done.finishedAt, kT0 + 5);
    EXPECT_EQ(done.updatedAt, kT0 + 5);
    EXPECT_FALSE(done.leaseOwner);
    EXPECT_FALSE(done.leaseExpiresAt);
    ASSERT_EQ(done.steps.size(), 3u);
    EXPECT_EQ(done.step(StepName::Research)->outputJson, R"({"r":1})");
    EXPECT_EQ(done.step(StepName::Content)->outputJson, R"({"c":2})");
    EXPECT_EQ(done.step(StepName::Finalize)->outputJson, R"({"f":3})");
    for (const auto& step : done.steps) EXPECT_EQ(step.status, StepStatus::Completed);
    // A finished job is claimable by no step.
    for (auto step : domain::kSteps) EXPECT_TRUE(claim(step, "w", 10, kT0 + 100).empty());
}

TEST_P(JobQueue, CompletingAStepTheJobIsNotAtChangesNothing) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    EXPECT_FALSE(complete(job.id, "w", StepName::Content, "{}", kT0 + 1));
    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ResearchRunning);
    EXPECT_EQ(found.leaseOwner, "w");
    EXPECT_EQ(found.steps.size(), 1u);
}

// --- the lease guard --------------------------------------------------------------------------

TEST_P(JobQueue, NothingChangesForAnOwnerThatDoesNotHoldTheJob) {
    auto job = addJob(kT0);
    claimOne(job, "holder", kT0);
    auto before = find(job.id);

    EXPECT_FALSE(complete(job.id, "intruder", StepName::Research, "{}", kT0 + 1));
    EXPECT_FALSE(fail({job.id, "intruder", StepName::Research, "x", kT0 + 1, kT0 + 2, false}));
    EXPECT_FALSE(fail({job.id, "intruder", StepName::Research, "x", kT0 + 1, std::nullopt, false}));
    EXPECT_TRUE(store_
                    ->write([&](Repositories& r) {
                        return r.jobLeases().renew("intruder", {job.id}, kT0 + 10 * kLease);
                    })
                    .empty());
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobQueue().reportProgress(job.id, "intruder", 50); }));
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobQueue().releaseLease(job.id, "intruder", kT0 + 1); }));

    auto after = find(job.id);
    EXPECT_EQ(after.status, before.status);
    EXPECT_EQ(after.leaseOwner, "holder");
    EXPECT_EQ(after.leaseExpiresAt, before.leaseExpiresAt);
    EXPECT_EQ(after.runAfter, before.runAfter);
    EXPECT_EQ(after.updatedAt, before.updatedAt);
    EXPECT_EQ(after.retryCount, 0);
    EXPECT_FALSE(after.error);
    ASSERT_EQ(after.steps.size(), 1u);
    EXPECT_EQ(after.steps[0].status, StepStatus::Running);
    EXPECT_EQ(after.steps[0].progress, 0);
    EXPECT_FALSE(after.steps[0].error);
}

TEST_P(JobQueue, ALateWorkerCannotTouchAJobThatMovedOn) {
    auto job = addJob(kT0);
    claimOne(job, "first", kT0);
    ASSERT_TRUE(fail({job.id, "first", StepName::Research, "timeout", kT0 + 1, kT0 + 2, false}));
    claimOne(job, "second", kT0 + 2);
    EXPECT_FALSE(complete(job.id, "first", StepName::Research, "{}", kT0 + 3));
    EXPECT_EQ(find(job.id).leaseOwner, "second");
    EXPECT_EQ(find(job.id).steps[0].status, StepStatus::Running);
}

TEST_P(JobQueue, QueueDepthCountsWaitingAndHeldJobsButNotFinishedOnes) {
    auto depth = [&] {
        return store_->read([](Repositories& r) { return r.jobBacklog().queueDepth(); });
    };
    EXPECT_EQ(depth().waiting, 0);
    EXPECT_EQ(depth().running, 0);
    auto held = addJob();
    addJob(kT0 + 60'000);  // a retry not yet due still waits
    addJob(kT0, StepName::Content);
    addJob(kT0, StepName::Finalize, JobStatus::Completed);
    addJob(kT0, StepName::Research, JobStatus::Failed);
    claimOne(held, "worker", kT0 + 1);
    EXPECT_EQ(depth().waiting, 2);
    EXPECT_EQ(depth().running, 1);
    ASSERT_TRUE(complete(held.id, "worker", StepName::Research, "{}", kT0 + 2));
    EXPECT_EQ(depth().waiting, 3);  // on to its content step
    EXPECT_EQ(depth().running, 0);
}

TEST_P(JobQueue, WaitingByStepGroupsWaitingJobsWithTheEarliestDue) {
    using Waiting = JobBacklog::WaitingAtStep;
    auto waiting = [&] {
        auto groups = store_->read([](Repositories& r) { return r.jobBacklog().waitingByStep(); });
        std::sort(groups.begin(), groups.end(), [](const Waiting& a, const Waiting& b) {
            return std::tie(a.step, a.kind) < std::tie(b.step, b.kind);
        });
        return groups;
    };
    auto held = [&] {
        return store_->read([](Repositories& r) { return r.jobBacklog().heldByKind(); });
    };
    EXPECT_TRUE(waiting().empty());
    EXPECT_TRUE(held().empty());

    claimOne(addJob(kT0 - 500), "worker", kT0);
    addJob(kT0 - 100);
    addJob(kT0 + 60'000);  // a retry not yet due still waits
    addJob(kT0 - 300, StepName::Content);
    addJob(kT0 - 900, StepName::Finalize, JobStatus::Completed);
    addJob(kT0 - 900, StepName::Research, JobStatus::Failed);

    auto groups = waiting();
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].kind, domain::JobKind::LeadMagnet);
    EXPECT_EQ(groups[0].step, StepName::Research);
    EXPECT_EQ(groups[0].count, 2);
    EXPECT_EQ(groups[0].earliestDue, kT0 - 100);  // the claimed one no longer waits
    EXPECT_EQ(groups[1].step, StepName::Content);
    EXPECT_EQ(groups[1].count, 1);
    EXPECT_EQ(groups[1].earliestDue, kT0 - 300);

    auto holding = held();
    ASSERT_EQ(holding.size(), 1u);
    EXPECT_EQ(holding[0].kind, domain::JobKind::LeadMagnet);
    EXPECT_EQ(holding[0].count, 1);
}

}  // namespace lodestone::storage::test
