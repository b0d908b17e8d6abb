#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>

#include "JobStoreFixture.hpp"
#include "jobs/Reaper.hpp"

using namespace lodestone;
using namespace lodestone::jobs;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using jobs::test::deadPid;
using jobs::test::eventually;
using jobs::test::localOwnerWithPid;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

namespace {

// Another machine's worker: its pid says nothing about processes here.
const std::string kForeignOwner = "elsewhere.invalid:1:abcd1234";

class ReaperTest : public jobs::test::JobStoreFixture {
  protected:
    int sweep() {
        Reaper reaper(*store_, policy_, 1h, us_, [] {});
        return reaper.sweep();
    }

    RetryPolicy policy_{10s};
    const std::string us_ = newProcessOwner();  // the reaper's own process
};

}  // namespace

TEST_F(ReaperTest, AnExpiredLeaseIsTakenBackAsAFailedAttempt) {
    auto job = claim(addJob(StepName::Content, 1), kForeignOwner, -1s);
    auto before = domain::nowMillis();
    EXPECT_EQ(sweep(), 1);

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Queued);
    EXPECT_EQ(found.retryCount, 2);
    EXPECT_EQ(found.nextStep, StepName::Content);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.leaseExpiresAt);
    EXPECT_GE(found.runAfter, before + 16'000);  // the back-off after a second retry: 0.8 × 20 s
    const auto* step = found.step(StepName::Content);
    ASSERT_NE(step, nullptr);
    EXPECT_EQ(step->status, StepStatus::Failed);
    EXPECT_THAT(step->error.value_or(""), HasSubstr("lease expired"));
    EXPECT_EQ(found.creditsCharged, kCharge);
    EXPECT_EQ(balance(), kInitialCredits - kCharge);

    EXPECT_EQ(sweep(), 0) << "a job is taken back once";
}

TEST_F(ReaperTest, AnExpiredLeaseWithoutRetriesLeftFailsTheJobAndRefundsIt) {
    auto job = claim(addJob(StepName::Research, 3), kForeignOwner, -1s);
    ASSERT_EQ(balance(), kInitialCredits - kCharge);
    EXPECT_EQ(sweep(), 1);

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Failed);
    EXPECT_THAT(found.error.value_or(""), HasSubstr("lease expired"));
    EXPECT_TRUE(found.finishedAt);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_EQ(found.creditsCharged, 0);
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);

    EXPECT_EQ(sweep(), 0);
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);
}

TEST_F(ReaperTest, TheLeaseOfADeadLocalProcessIsTakenBackBeforeItExpires) {
    auto owner = localOwnerWithPid(deadPid());
    auto job = claim(addJob(), owner, 1h);
    EXPECT_EQ(sweep(), 1);

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Queued);
    EXPECT_EQ(found.retryCount, 1);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_EQ(found.steps[0].status, StepStatus::Failed);
    // Names the process (host:pid) that is gone.
    EXPECT_THAT(found.steps[0].error.value_or(""), HasSubstr(owner.substr(0, owner.rfind(':'))));
}

TEST_F(ReaperTest, ADeadLocalProcessWithoutRetriesLeftFailsItsJobOnce) {
    auto owner = localOwnerWithPid(deadPid());
    // Dead and expired both: it must still count as one failed attempt, refunded once.
    auto job = claim(addJob(StepName::Research, 3), owner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Failed);
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);
}

TEST_F(ReaperTest, LiveLeasesAreLeftAlone) {
    auto foreign = claim(addJob(StepName::Research), kForeignOwner, 1h);
    auto ours = claim(addJob(StepName::Content), us_ + ":1", 1h);
    auto parents = claim(addJob(StepName::Finalize), localOwnerWithPid(::getppid()), 1h);
    EXPECT_EQ(sweep(), 0);
    for (const auto& job : std::vector<domain::Job>{foreign, ours, parents}) {
        auto found = find(job.id);
        EXPECT_EQ(found.leaseOwner, job.leaseOwner);
        EXPECT_EQ(found.leaseExpiresAt, job.leaseExpiresAt);
        EXPECT_EQ(found.status, job.status);
        EXPECT_EQ(found.retryCount, 0);
        EXPECT_EQ(found.steps[0].status, StepStatus::Running);
    }
}

TEST_F(ReaperTest, OnlyTheAbandonedJobsOfAMixAreTakenBack) {
    auto live = claim(addJob(StepName::Research), kForeignOwner, 1h);
    auto expired = claim(addJob(StepName::Research), kForeignOwner, -1s);
    auto orphaned = claim(addJob(StepName::Content), localOwnerWithPid(deadPid()), 1h);
    EXPECT_EQ(sweep(), 2);
    EXPECT_EQ(find(live.id).status, JobStatus::ResearchRunning);
    EXPECT_EQ(find(expired.id).status, JobStatus::Queued);
    EXPECT_EQ(find(orphaned.id).status, JobStatus::Queued);
}

TEST_F(ReaperTest, ARunningReaperReportsWhatItRecovered) {
    auto job = claim(addJob(), kForeignOwner, -1s);
    std::atomic<int> recovered{0};
    Reaper reaper(*store_, policy_, 10ms, us_, [&] { ++recovered; });
    reaper.start();
    ASSERT_TRUE(eventually([&] { return recovered.load() > 0; }));
    reaper.stop();
    EXPECT_EQ(recovered.load(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Queued);
}

TEST_F(ReaperTest, TheJobsOwnRetryLimitDecidesNotTheConfigs) {
    // Stored with one retry allowed, and that retry already used: failed, whatever the policy.
    auto job = claim(addJob(domain::StepName::Research, 1, 1), kForeignOwner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Failed);
    auto roomy = claim(addJob(domain::StepName::Research, 1, 5), kForeignOwner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(roomy.id).status, JobStatus::Queued);
}
