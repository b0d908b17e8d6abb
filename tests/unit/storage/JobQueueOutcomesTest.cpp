// The job queue (storage's JobQueue, the job engine's side of the jobs table): lease renewal
// and progress, failed attempts, hand-backs, and the jobs table's leases as the rescuer reads
// them.
#include "JobQueueFixture.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeaseRepository.hpp"

// Inside the fixture's namespace, where JobQueue names the fixture (storage::JobQueue the
// interface).
namespace lodestone::storage::test {

// --- lease renewal / reportProgress -----------------------------------------------------------

TEST_P(JobQueue, RenewExtendsOnlyTheLeasesTheOwnerStillHolds) {
    auto mine = addJob(kT0 - 2);
    auto alsoMine = addJob(kT0 - 1);
    claim(StepName::Research, "w", 2, kT0);
    auto theirs = addJob(kT0);
    claimOne(theirs, "other", kT0);

    EXPECT_THAT(store_->write([&](Repositories& r) {
        return r.jobLeases().renew("w", {mine.id, alsoMine.id, theirs.id, "job_none"}, kT0 + 999);
    }),
                ElementsAre(mine.id, alsoMine.id));
    EXPECT_EQ(find(mine.id).leaseExpiresAt, kT0 + 999);
    EXPECT_EQ(find(alsoMine.id).leaseExpiresAt, kT0 + 999);
    EXPECT_EQ(find(theirs.id).leaseExpiresAt, kT0 + kLease);
    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.jobLeases().renew("w", {}, kT0 + 999); })
            .empty());
}

TEST_P(JobQueue, ProgressIsWrittenToTheRunningStepAndClamped) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    auto progress = [&](int percent) {
        return store_->write(
            [&](Repositories& r) { return r.jobQueue().reportProgress(job.id, "w", percent); });
    };
    EXPECT_TRUE(progress(42));
    EXPECT_EQ(find(job.id).steps[0].progress, 42);
    EXPECT_TRUE(progress(250));
    EXPECT_EQ(find(job.id).steps[0].progress, 100);
    EXPECT_TRUE(progress(-3));
    EXPECT_EQ(find(job.id).steps[0].progress, 0);
    // Only the step the job is running takes progress.
    EXPECT_EQ(find(job.id).step(StepName::Content), nullptr);
    ASSERT_TRUE(complete(job.id, "w", StepName::Research, "{}", kT0 + 1));
    EXPECT_FALSE(progress(5));
    EXPECT_EQ(find(job.id).step(StepName::Research)->progress, 100);
}

// --- failStep ---------------------------------------------------------------------------------

TEST_P(JobQueue, AFailureWithARetryQueuesTheJobAgainAfterTheBackOff) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(
        fail({job.id, "w", StepName::Research, "plugin crashed", kT0 + 10, kT0 + 5000, false}));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Queued);
    EXPECT_EQ(found.retryCount, 1);
    EXPECT_EQ(found.runAfter, kT0 + 5000);
    EXPECT_EQ(found.updatedAt, kT0 + 10);
    EXPECT_FALSE(found.error);  // the job is not failed; the step row tells what happened
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    EXPECT_FALSE(found.finishedAt);
    EXPECT_EQ(found.nextStep, StepName::Research);
    ASSERT_EQ(found.steps.size(), 1u);
    EXPECT_EQ(found.steps[0].status, StepStatus::Failed);
    EXPECT_EQ(found.steps[0].error, "plugin crashed");
    EXPECT_EQ(found.steps[0].failedAt, kT0 + 10);

    EXPECT_TRUE(claim(StepName::Research, "w", 1, kT0 + 4999).empty());
    EXPECT_EQ(claim(StepName::Research, "w", 1, kT0 + 5000).size(), 1u);
}

TEST_P(JobQueue, AFailureWithoutARetryFailsTheJobForGood) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(
        fail({job.id, "w", StepName::Research, "no more tries", kT0 + 10, std::nullopt, false}));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Failed);
    EXPECT_EQ(found.error, "no more tries");
    EXPECT_EQ(found.finishedAt, kT0 + 10);
    EXPECT_EQ(found.updatedAt, kT0 + 10);
    EXPECT_EQ(found.retryCount, 0);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    ASSERT_EQ(found.steps.size(), 1u);
    EXPECT_EQ(found.steps[0].status, StepStatus::Failed);
    EXPECT_EQ(found.steps[0].error, "no more tries");
    EXPECT_EQ(found.steps[0].failedAt, kT0 + 10);
    EXPECT_TRUE(claim(StepName::Research, "w", 1, kT0 + 10 * kLease).empty());
}

TEST_P(JobQueue, AFailureOfALaterStepKeepsTheEarlierStepsOutput) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(complete(job.id, "w", StepName::Research, R"({"r":1})", kT0 + 1));
    ASSERT_EQ(claim(StepName::Content, "w", 1, kT0 + 2).size(), 1u);
    ASSERT_TRUE(fail({job.id, "w", StepName::Content, "bad", kT0 + 3, kT0 + 4, false}));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Queued);
    EXPECT_EQ(found.nextStep, StepName::Content);  // resumes where it failed
    EXPECT_EQ(found.step(StepName::Research)->status, StepStatus::Completed);
    EXPECT_EQ(found.step(StepName::Research)->outputJson, R"({"r":1})");
    EXPECT_EQ(found.step(StepName::Content)->status, StepStatus::Failed);
    EXPECT_TRUE(claim(StepName::Research, "w", 1, kT0 + 4).empty());
    EXPECT_EQ(claim(StepName::Content, "w", 1, kT0 + 4).size(), 1u);
}

TEST_P(JobQueue, TheReapersFailureNeedsTheLeaseToStillBeExpired) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);  // the lease runs until kT0 + kLease
    storage::JobQueue::StepFailure failure{
        job.id, "w", StepName::Research, "lease expired", kT0 + kLease - 1, kT0 + 2 * kLease, true};
    EXPECT_FALSE(fail(failure));
    auto untouched = find(job.id);
    EXPECT_EQ(untouched.status, JobStatus::ResearchRunning);
    EXPECT_EQ(untouched.leaseOwner, "w");
    EXPECT_EQ(untouched.retryCount, 0);
    EXPECT_EQ(untouched.steps[0].status, StepStatus::Running);

    failure.now = kT0 + kLease;  // expired at exactly its expiry time
    EXPECT_TRUE(fail(failure));
    auto taken = find(job.id);
    EXPECT_EQ(taken.status, JobStatus::Queued);
    EXPECT_EQ(taken.retryCount, 1);
    EXPECT_FALSE(taken.leaseOwner);
}

TEST_P(JobQueue, TheReaperCannotFailAJobWhoseLeaseWasRenewedMeanwhile) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    store_->write([&](Repositories& r) { r.jobLeases().renew("w", {job.id}, kT0 + 5 * kLease); });
    EXPECT_FALSE(
        fail({job.id, "w", StepName::Research, "expired", kT0 + 2 * kLease, std::nullopt, true}));
    EXPECT_EQ(find(job.id).status, JobStatus::ResearchRunning);
}

// --- releaseLease -----------------------------------------------------------------------------

TEST_P(JobQueue, ReleasingALeaseHandsTheJobBackWithoutCountingAnAttempt) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(store_->write(
        [&](Repositories& r) { return r.jobQueue().releaseLease(job.id, "w", kT0 + 30); }));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ResearchRunning);  // keeps its status
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    EXPECT_EQ(found.runAfter, kT0 + 30);
    EXPECT_EQ(found.updatedAt, kT0 + 30);
    EXPECT_EQ(found.retryCount, 0);
    EXPECT_FALSE(found.error);
    EXPECT_EQ(
        store_->read([](Repositories& r) { return r.jobQueue().nextDue(StepName::Research); }),
        kT0 + 30);
    EXPECT_EQ(claim(StepName::Research, "w2", 1, kT0 + 30).size(), 1u);
    // Released once: a second release by the old owner finds nothing to release.
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobQueue().releaseLease(job.id, "w", kT0 + 31); }));
}

// --- the jobs table's leases: expired, held by owners, their owners ----------------------------

TEST_P(JobQueue, ExpiredLeasesAreThoseThatRanOutByNow) {
    auto expiredLater = addJob(kT0 - 2);
    auto expiredFirst = addJob(kT0 - 1);
    auto live = addJob(kT0);
    addJob(kT0 + kLease);  // not leased at all
    claim(StepName::Research, "w", 3, kT0);
    sql("UPDATE jobs SET lease_expires_at = " + std::to_string(kT0 + 20) +
        ", retry_count = 2, max_retries = 5 WHERE id = '" + expiredLater.id + "'");
    sql("UPDATE jobs SET lease_expires_at = " + std::to_string(kT0 + 10) + ", lease_owner = 'x' " +
        "WHERE id = '" + expiredFirst.id + "'");
    sql("UPDATE jobs SET lease_expires_at = " + std::to_string(kT0 + 21) + " WHERE id = '" +
        live.id + "'");

    auto leases = store_->read([](Repositories& r) { return r.jobLeases().expired(kT0 + 20, 10); });
    ASSERT_EQ(leases.size(), 2u);
    EXPECT_EQ(leases[0].id, expiredFirst.id);  // longest expired first
    EXPECT_EQ(leases[0].owner, "x");
    EXPECT_EQ(leases[0].expiresAt, kT0 + 10);
    EXPECT_EQ(find(leases[0].id).retryCount, 0);
    EXPECT_EQ(find(leases[0].id).maxRetries, 3);
    EXPECT_EQ(leases[1].id, expiredLater.id);
    EXPECT_EQ(leases[1].owner, "w");
    EXPECT_EQ(find(leases[1].id).nextStep, StepName::Research);
    EXPECT_EQ(find(leases[1].id).retryCount, 2);
    EXPECT_EQ(find(leases[1].id).maxRetries, 5);

    EXPECT_THAT(
        idsOf(store_->read([](Repositories& r) { return r.jobLeases().expired(kT0 + 20, 1); })),
        ElementsAre(expiredFirst.id));
    EXPECT_TRUE(
        store_->read([](Repositories& r) { return r.jobLeases().expired(kT0 + 9, 10); }).empty());
}

TEST_P(JobQueue, AnExpiredLeaseIsOfTheStepTheJobIsAt) {
    auto job = addJob(kT0, StepName::Content, JobStatus::ContentRunning);
    claimOne(job, "w", kT0);
    auto leases =
        store_->read([](Repositories& r) { return r.jobLeases().expired(kT0 + kLease, 10); });
    ASSERT_EQ(leases.size(), 1u);
    EXPECT_EQ(find(leases[0].id).nextStep, StepName::Content);
}

TEST_P(JobQueue, LeasesCanBeListedByOwner) {
    EXPECT_TRUE(store_->read([](Repositories& r) { return r.jobLeases().owners(); }).empty());
    auto a1 = addJob(kT0 - 3);
    auto a2 = addJob(kT0 - 2);
    claim(StepName::Research, "a", 2, kT0);
    auto b1 = addJob(kT0, StepName::Content, JobStatus::ContentRunning);
    claimOne(b1, "b", kT0);
    auto c1 = addJob(kT0);
    claimOne(c1, "c", kT0);
    addJob(kT0);  // unleased

    EXPECT_THAT(store_->read([](Repositories& r) { return r.jobLeases().owners(); }),
                UnorderedElementsAre("a", "b", "c"));
    auto held = store_->read([](Repositories& r) {
        return r.jobLeases().heldBy({"a", "b", "nobody"});
    });
    EXPECT_THAT(idsOf(held), UnorderedElementsAre(a1.id, a2.id, b1.id));
    auto b = std::find_if(held.begin(), held.end(), [&](const auto& l) { return l.id == b1.id; });
    ASSERT_NE(b, held.end());
    EXPECT_EQ(b->owner, "b");
    EXPECT_EQ(b->expiresAt, kT0 + kLease);
    EXPECT_EQ(find(b->id).nextStep, StepName::Content);
    EXPECT_EQ(find(b->id).maxRetries, 3);
    EXPECT_TRUE(store_->read([](Repositories& r) { return r.jobLeases().heldBy({}); }).empty());

    ASSERT_TRUE(complete(c1.id, "c", StepName::Research, "{}", kT0 + 1));
    EXPECT_THAT(store_->read([](Repositories& r) { return r.jobLeases().owners(); }),
                UnorderedElementsAre("a", "b"));
}

}  // namespace lodestone::storage::test
