#include <gtest/gtest.h>

#include <functional>

#include "jobs/JobTable.hpp"
#include "support/ManualClock.hpp"
#include "unit/jobs/JobStoreFixture.hpp"
#include "work/LeaseKeeper.hpp"

using namespace lodestone;
using namespace lodestone::work;
using domain::StepName;
using work::test::eventually;
using namespace std::chrono_literals;

namespace {

// A short tick and lease, so renewals come within a few turns of the clock (renewed every
// lease / 3, but not more often than every 100 ms).
constexpr auto kTick = 20ms;
constexpr auto kLease = 300ms;

// The keeper against the jobs table: renewals and progress land in real job rows. Its clock moves
// only when a test turns it.
class LeaseKeeperTest : public jobs::test::JobStoreFixture {
  protected:
    void SetUp() override {
        JobStoreFixture::SetUp();
        manual_.set(clock_.now());  // the claims' leases are stamped by the fixture's clock
    }
    // Turns the keeper's clock a tick at a time until `condition` holds. Turned while the keeper
    // may be mid-pass, so the clock moves on until it has seen the time.
    bool turnedUntil(const std::function<bool()>& condition) {
        return eventually([&] {
            manual_.advance(kTick);
            return condition();
        });
    }

    domain::Timestamp leaseExpiry(const std::string& jobId) {
        return find(jobId).leaseExpiresAt.value_or(-1);
    }
    std::optional<int> progressOf(const std::string& jobId) {
        auto job = find(jobId);
        auto* step = job.step(job.nextStep);
        return step ? step->progress : std::nullopt;
    }

    lodestone::test::ManualClock manual_;
    const std::string owner_ = newProcessOwner() + ":1";
    work::RetryPolicy retries_{std::chrono::seconds(10)};
    jobs::JobTable table_{handlers_, retries_};
};

}  // namespace

TEST_F(LeaseKeeperTest, KeepsATrackedLeaseAlive) {
    auto job = claim(addJob(), owner_, kLease);
    auto claimedUntil = *job.leaseExpiresAt;
    LeaseKeeper keeper(*store_, manual_, kTick);
    keeper.start();
    keeper.track(table_, job.id, owner_, kLease);

    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(job.id) > claimedUntil; }));
    auto renewedUntil = leaseExpiry(job.id);
    // And again: it keeps the lease ahead of the clock rather than extending it once.
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(job.id) > renewedUntil; }));
    EXPECT_GT(leaseExpiry(job.id), manual_.now());
    EXPECT_TRUE(keeper.holds(table_, job.id, owner_));
    EXPECT_EQ(find(job.id).leaseOwner, owner_);
}

TEST_F(LeaseKeeperTest, WritesReportedProgressToTheRunningStep) {
    auto job = claim(addJob(), owner_, 5min);
    LeaseKeeper keeper(*store_, manual_, kTick);
    keeper.start();
    keeper.track(table_, job.id, owner_, 5min);
    keeper.progressReporter(table_, job.id, owner_)(42);
    ASSERT_TRUE(turnedUntil([&] { return progressOf(job.id) == 42; }));
    keeper.progressReporter(table_, job.id, owner_)(77);
    EXPECT_TRUE(turnedUntil([&] { return progressOf(job.id) == 77; }));
}

TEST_F(LeaseKeeperTest, ProgressOfAnUntrackedJobIsIgnored) {
    auto job = claim(addJob(), owner_, 5min);
    auto witness = claim(addJob(StepName::Content), owner_, 5min);
    LeaseKeeper keeper(*store_, manual_, kTick);
    keeper.start();
    keeper.progressReporter(table_, job.id, owner_)(55);  // never tracked
    keeper.track(table_, witness.id, owner_, 5min);
    keeper.progressReporter(table_, witness.id, owner_)(10);
    // Progress is written in one pass for every tracked job, so once the witness's is there the
    // other would be too if it had been taken.
    ASSERT_TRUE(turnedUntil([&] { return progressOf(witness.id) == 10; }));
    EXPECT_EQ(progressOf(job.id), 0);
    EXPECT_FALSE(keeper.holds(table_, job.id, owner_));
}

TEST_F(LeaseKeeperTest, NoticesWhenTheLeaseWasTakenAway) {
    auto job = claim(addJob(), owner_, kLease);
    LeaseKeeper keeper(*store_, manual_, kTick);
    keeper.start();
    keeper.track(table_, job.id, owner_, kLease);
    EXPECT_TRUE(keeper.holds(table_, job.id, owner_));

    sql("UPDATE jobs SET lease_owner = 'someone-else' WHERE id = '" + job.id + "'");
    ASSERT_TRUE(turnedUntil([&] { return !keeper.holds(table_, job.id, owner_); }));
    EXPECT_EQ(find(job.id).leaseOwner, "someone-else");  // and it does not fight for it
}

TEST_F(LeaseKeeperTest, ForgottenJobsAreNoLongerRenewed) {
    auto forgotten = claim(addJob(StepName::Research), owner_, kLease);
    auto witness = claim(addJob(StepName::Content), owner_, kLease);
    LeaseKeeper keeper(*store_, manual_, kTick);
    // Tracked before the witness, so it is due for renewal no later than the witness is.
    keeper.track(table_, forgotten.id, owner_, kLease);
    keeper.track(table_, witness.id, owner_, kLease);
    keeper.start();
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(forgotten.id) > *forgotten.leaseExpiresAt; }))
        << "the job must be renewed while tracked";

    keeper.forget(table_, forgotten.id, owner_);
    EXPECT_FALSE(keeper.holds(table_, forgotten.id, owner_));
    // A pass that began before forget() may still renew it; wait for a pass that began after.
    auto witnessUntil = leaseExpiry(witness.id);
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(witness.id) > witnessUntil; }));
    auto forgottenUntil = leaseExpiry(forgotten.id);
    // Another full renewal period: the forgotten job would have been due in it too.
    witnessUntil = leaseExpiry(witness.id);
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(witness.id) > witnessUntil; }));
    EXPECT_EQ(leaseExpiry(forgotten.id), forgottenUntil);
}

TEST_F(LeaseKeeperTest, StopsCleanlyWithJobsStillTracked) {
    auto job = claim(addJob(), owner_, kLease);
    auto keeper = std::make_unique<LeaseKeeper>(*store_, manual_, kTick);
    keeper->start();
    keeper->track(table_, job.id, owner_, kLease);
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(job.id) > *job.leaseExpiresAt; }));
    keeper->stop();
    keeper.reset();  // a second stop, from the destructor, is harmless
    EXPECT_EQ(find(job.id).leaseOwner, owner_);
}

TEST_F(LeaseKeeperTest, AnotherClaimOfTheSameJobIsLeftAlone) {
    // The research worker forgets its claim after the content pool already claimed the job: the
    // content claim must stay tracked, and a late progress report of the research claim must not
    // land on it.
    const std::string contentOwner = owner_ + ":content";
    auto job = claim(addJob(), contentOwner, kLease);  // the row holds the content claim
    LeaseKeeper keeper(*store_, manual_, kTick);
    keeper.start();
    keeper.track(table_, job.id, contentOwner, kLease);
    keeper.progressReporter(table_, job.id, contentOwner)(20);
    ASSERT_TRUE(turnedUntil([&] { return progressOf(job.id) == 20; }));

    keeper.forget(table_, job.id, owner_);
    EXPECT_TRUE(keeper.holds(table_, job.id, contentOwner));
    keeper.progressReporter(table_, job.id, owner_)(99);
    EXPECT_FALSE(keeper.holds(table_, job.id, owner_));
    // Two renewals of the content claim after the late report: a pass that began before it may
    // renew once without seeing it, the one after would have written it.
    for (int pass = 0; pass < 2; ++pass) {
        auto renewedUntil = leaseExpiry(job.id);
        ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(job.id) > renewedUntil; })) << pass;
    }
    EXPECT_EQ(progressOf(job.id), 20);
    EXPECT_TRUE(keeper.holds(table_, job.id, contentOwner));
    EXPECT_EQ(find(job.id).leaseOwner, contentOwner);
}

TEST_F(LeaseKeeperTest, AProgressReporterOutlivingTheKeeperDoesNothing) {
    auto job = claim(addJob(), owner_, kLease);
    std::function<void(int)> report;
    {
        LeaseKeeper keeper(*store_, manual_, kTick);
        keeper.start();
        keeper.track(table_, job.id, owner_, kLease);
        report = keeper.progressReporter(table_, job.id, owner_);
        report(30);
        ASSERT_TRUE(turnedUntil([&] { return progressOf(job.id) == 30; }));
    }
    // An abandoned plugin call reporting after the engine stopped: no crash, and nothing
    // written, though the claim is still the job's. A keeper that tracks the same claim and has
    // renewed it since (without a report of its own) shows what reached the database.
    report(50);
    LeaseKeeper witness(*store_, manual_, kTick);
    witness.start();
    witness.track(table_, job.id, owner_, kLease);
    auto renewedUntil = leaseExpiry(job.id);
    ASSERT_TRUE(turnedUntil([&] { return leaseExpiry(job.id) > renewedUntil; }));
    EXPECT_EQ(progressOf(job.id), 30);
}
