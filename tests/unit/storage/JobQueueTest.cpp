// The job engine's side of the job repository: claiming, leases and step outcomes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "domain/Ids.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;
constexpr domain::Timestamp kLease = 60'000;

class JobQueue : public storage::test::OnEveryBackend<storage::test::StoreFixture> {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.createdAt = project_.updatedAt = kT0;
        store_->write([&](Repositories& r) {
            r.organisations().insert(org_);
            r.projects().insert(project_);
        });
    }

    // A lead and its job, due at `runAfter`, resuming at `step` in `status`.
    domain::Job addJob(domain::Timestamp runAfter = kT0, StepName step = StepName::Research,
                       JobStatus status = JobStatus::Queued, domain::Timestamp createdAt = kT0) {
        domain::Lead lead{
            domain::newId(domain::IdKind::Lead), org_.id,           project_.id, "ada@example.com",
            R"({"email":"ada@example.com"})",    "http://x/m/lead", createdAt};
        domain::Job job;
        job.id = domain::newId(domain::IdKind::Job);
        job.leadId = lead.id;
        job.organisationId = org_.id;
        job.projectId = project_.id;
        job.leadMagnetUrl = lead.leadMagnetUrl;
        job.status = status;
        job.nextStep = step;
        job.runAfter = runAfter;
        job.createdAt = job.updatedAt = createdAt;
        store_->write([&](Repositories& r) {
            r.leads().insert(lead);
            r.jobs().insert(job);
        });
        return job;
    }

    domain::Job find(const std::string& id) {
        auto job = store_->read([&](Repositories& r) { return r.jobs().find(id); });
        if (!job) throw std::runtime_error("no job " + id);
        return *job;
    }

    std::vector<domain::Job> claim(StepName step, const std::string& owner, int limit,
                                   domain::Timestamp now) {
        return store_->write(
            [&](Repositories& r) { return r.jobs().claim(step, owner, limit, now, now + kLease); });
    }

    // Claims exactly this job (it must be the only one due for its step).
    domain::Job claimOne(const domain::Job& job, const std::string& owner, domain::Timestamp now) {
        auto claimed = claim(job.nextStep, owner, 10, now);
        if (claimed.size() != 1 || claimed[0].id != job.id) {
            throw std::runtime_error("expected to claim exactly job " + job.id);
        }
        return claimed[0];
    }

    bool complete(const std::string& jobId, const std::string& owner, StepName step,
                  const std::string& output, domain::Timestamp now) {
        return store_->write([&](Repositories& r) {
            return r.jobs().completeStep(jobId, owner, step, output, now);
        });
    }

    bool fail(const JobRepository::StepFailure& failure) {
        return store_->write([&](Repositories& r) { return r.jobs().failStep(failure); });
    }

    static std::vector<std::string> idsOf(const std::vector<domain::Job>& jobs) {
        std::vector<std::string> ids;
        for (const auto& job : jobs) ids.push_back(job.id);
        return ids;
    }

    static std::vector<std::string> idsOf(const std::vector<JobRepository::Lease>& leases) {
        std::vector<std::string> ids;
        for (const auto& lease : leases) ids.push_back(lease.jobId);
        return ids;
    }

    domain::Organisation org_;
    domain::Project project_;
};

INSTANTIATE_TEST_SUITE_P(, JobQueue, storage::test::everyBackend(), storage::test::backendName);

}  // namespace

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
    // Not even once its lease has run out: taking it back is the reaper's business.
    EXPECT_TRUE(claim(StepName::Research, "worker-2", 10, kT0 + 10 * kLease).empty());
    EXPECT_EQ(find(job.id).leaseOwner, "worker-1");
}

TEST_P(JobQueue, ReclaimAfterAFailureStartsTheStepAfresh) {
    auto job = addJob(kT0);
    claimOne(job, "worker-1", kT0);
    ASSERT_TRUE(store_->write(
        [&](Repositories& r) { return r.jobs().reportProgress(job.id, "worker-1", 40); }));
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
        store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Research); }));
    addJob(kT0 + 500);
    addJob(kT0 + 300);
    addJob(kT0 + 100, StepName::Content, JobStatus::ContentRunning);
    addJob(kT0 + 50, StepName::Research, JobStatus::Failed);
    addJob(kT0 + 50, StepName::Research, JobStatus::Completed);
    auto leased = addJob(kT0 + 10);
    sql("UPDATE jobs SET lease_owner = 'w', lease_expires_at = 1 WHERE id = '" + leased.id + "'");

    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Research); }),
              kT0 + 300);
    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Content); }),
              kT0 + 100);
    EXPECT_FALSE(
        store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Finalize); }));
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
    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Content); }),
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
    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.jobs().renewLeases("intruder", {job.id}, kT0 + 10 * kLease);
    }),
              0);
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobs().reportProgress(job.id, "intruder", 50); }));
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobs().releaseLease(job.id, "intruder", kT0 + 1); }));

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

// --- renewLeases / reportProgress -------------------------------------------------------------

TEST_P(JobQueue, RenewExtendsOnlyTheLeasesTheOwnerStillHolds) {
    auto mine = addJob(kT0 - 2);
    auto alsoMine = addJob(kT0 - 1);
    claim(StepName::Research, "w", 2, kT0);
    auto theirs = addJob(kT0);
    claimOne(theirs, "other", kT0);

    EXPECT_EQ(store_->write([&](Repositories& r) {
        return r.jobs().renewLeases("w", {mine.id, alsoMine.id, theirs.id, "job_none"}, kT0 + 999);
    }),
              2);
    EXPECT_EQ(find(mine.id).leaseExpiresAt, kT0 + 999);
    EXPECT_EQ(find(alsoMine.id).leaseExpiresAt, kT0 + 999);
    EXPECT_EQ(find(theirs.id).leaseExpiresAt, kT0 + kLease);
    EXPECT_EQ(
        store_->write([&](Repositories& r) { return r.jobs().renewLeases("w", {}, kT0 + 999); }),
        0);
}

TEST_P(JobQueue, ProgressIsWrittenToTheRunningStepAndClamped) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    auto progress = [&](int percent) {
        return store_->write(
            [&](Repositories& r) { return r.jobs().reportProgress(job.id, "w", percent); });
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
    JobRepository::StepFailure failure{
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
    store_->write([&](Repositories& r) { r.jobs().renewLeases("w", {job.id}, kT0 + 5 * kLease); });
    EXPECT_FALSE(
        fail({job.id, "w", StepName::Research, "expired", kT0 + 2 * kLease, std::nullopt, true}));
    EXPECT_EQ(find(job.id).status, JobStatus::ResearchRunning);
}

// --- releaseLease -----------------------------------------------------------------------------

TEST_P(JobQueue, ReleasingALeaseHandsTheJobBackWithoutCountingAnAttempt) {
    auto job = addJob(kT0);
    claimOne(job, "w", kT0);
    ASSERT_TRUE(store_->write(
        [&](Repositories& r) { return r.jobs().releaseLease(job.id, "w", kT0 + 30); }));

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ResearchRunning);  // keeps its status
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    EXPECT_EQ(found.runAfter, kT0 + 30);
    EXPECT_EQ(found.updatedAt, kT0 + 30);
    EXPECT_EQ(found.retryCount, 0);
    EXPECT_FALSE(found.error);
    EXPECT_EQ(store_->read([](Repositories& r) { return r.jobs().nextDue(StepName::Research); }),
              kT0 + 30);
    EXPECT_EQ(claim(StepName::Research, "w2", 1, kT0 + 30).size(), 1u);
    // Released once: a second release by the old owner finds nothing to release.
    EXPECT_FALSE(store_->write(
        [&](Repositories& r) { return r.jobs().releaseLease(job.id, "w", kT0 + 31); }));
}

// --- expiredLeases / leasesHeldBy / leaseOwners -----------------------------------------------

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

    auto leases =
        store_->read([](Repositories& r) { return r.jobs().expiredLeases(kT0 + 20, 10); });
    ASSERT_EQ(leases.size(), 2u);
    EXPECT_EQ(leases[0].jobId, expiredFirst.id);  // longest expired first
    EXPECT_EQ(leases[0].owner, "x");
    EXPECT_EQ(leases[0].retryCount, 0);
    EXPECT_EQ(leases[0].maxRetries, 3);
    EXPECT_EQ(leases[1].jobId, expiredLater.id);
    EXPECT_EQ(leases[1].owner, "w");
    EXPECT_EQ(leases[1].step, StepName::Research);
    EXPECT_EQ(leases[1].retryCount, 2);
    EXPECT_EQ(leases[1].maxRetries, 5);

    EXPECT_THAT(
        idsOf(store_->read([](Repositories& r) { return r.jobs().expiredLeases(kT0 + 20, 1); })),
        ElementsAre(expiredFirst.id));
    EXPECT_TRUE(
        store_->read([](Repositories& r) { return r.jobs().expiredLeases(kT0 + 9, 10); }).empty());
}

TEST_P(JobQueue, ExpiredLeasesReportTheStepTheJobIsAt) {
    auto job = addJob(kT0, StepName::Content, JobStatus::ContentRunning);
    claimOne(job, "w", kT0);
    auto leases =
        store_->read([](Repositories& r) { return r.jobs().expiredLeases(kT0 + kLease, 10); });
    ASSERT_EQ(leases.size(), 1u);
    EXPECT_EQ(leases[0].step, StepName::Content);
}

TEST_P(JobQueue, LeasesCanBeListedByOwner) {
    EXPECT_TRUE(store_->read([](Repositories& r) { return r.jobs().leaseOwners(); }).empty());
    auto a1 = addJob(kT0 - 3);
    auto a2 = addJob(kT0 - 2);
    claim(StepName::Research, "a", 2, kT0);
    auto b1 = addJob(kT0, StepName::Content, JobStatus::ContentRunning);
    claimOne(b1, "b", kT0);
    auto c1 = addJob(kT0);
    claimOne(c1, "c", kT0);
    addJob(kT0);  // unleased

    EXPECT_THAT(store_->read([](Repositories& r) { return r.jobs().leaseOwners(); }),
                UnorderedElementsAre("a", "b", "c"));
    auto held = store_->read([](Repositories& r) {
        return r.jobs().leasesHeldBy({"a", "b", "nobody"});
    });
    EXPECT_THAT(idsOf(held), UnorderedElementsAre(a1.id, a2.id, b1.id));
    auto b =
        std::find_if(held.begin(), held.end(), [&](const auto& l) { return l.jobId == b1.id; });
    ASSERT_NE(b, held.end());
    EXPECT_EQ(b->owner, "b");
    EXPECT_EQ(b->step, StepName::Content);
    EXPECT_EQ(b->maxRetries, 3);
    EXPECT_TRUE(store_->read([](Repositories& r) { return r.jobs().leasesHeldBy({}); }).empty());

    ASSERT_TRUE(complete(c1.id, "c", StepName::Research, "{}", kT0 + 1));
    EXPECT_THAT(store_->read([](Repositories& r) { return r.jobs().leaseOwners(); }),
                UnorderedElementsAre("a", "b"));
}
