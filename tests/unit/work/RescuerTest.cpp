#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <map>

#include "jobs/JobTable.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "support/Factory.hpp"
#include "unit/jobs/JobStoreFixture.hpp"
#include "webhooks/DeliveryQueue.hpp"
#include "work/Rescuer.hpp"

using namespace lodestone;
using namespace lodestone::work;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using ::testing::HasSubstr;
using work::test::deadPid;
using work::test::eventually;
using work::test::localOwnerWithPid;
using namespace std::chrono_literals;

namespace {

// Another machine's worker: its pid says nothing about processes here.
const std::string kForeignOwner = "elsewhere.invalid:1:abcd1234";

// The rescuer over the jobs table (and, where said, the webhook outbox too).
class RescuerTest : public jobs::test::JobStoreFixture {
  protected:
    int sweep() {
        Rescuer rescuer(*store_, clock_, {&table_}, 1h, us_, [](LeaseTable&) {});
        return rescuer.sweep();
    }

    work::RetryPolicy policy_{10s};
    jobs::JobTable table_{handlers_, policy_};
    const std::string us_ = newProcessOwner();  // the rescuer's own process
};

}  // namespace

TEST_F(RescuerTest, AnExpiredLeaseIsTakenBackAsAFailedAttempt) {
    auto job = claim(addJob(StepName::Content, 1), kForeignOwner, -1s);
    auto before = clock_.now();
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

TEST_F(RescuerTest, AnExpiredLeaseWithoutRetriesLeftFailsTheJobAndRefundsIt) {
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

TEST_F(RescuerTest, TheLeaseOfADeadLocalProcessIsTakenBackBeforeItExpires) {
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

TEST_F(RescuerTest, ADeadLocalProcessWithoutRetriesLeftFailsItsJobOnce) {
    auto owner = localOwnerWithPid(deadPid());
    // Dead and expired both: it must still count as one failed attempt, refunded once.
    auto job = claim(addJob(StepName::Research, 3), owner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Failed);
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);
}

TEST_F(RescuerTest, LiveLeasesAreLeftAlone) {
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

TEST_F(RescuerTest, OnlyTheAbandonedJobsOfAMixAreTakenBack) {
    auto live = claim(addJob(StepName::Research), kForeignOwner, 1h);
    auto expired = claim(addJob(StepName::Research), kForeignOwner, -1s);
    auto orphaned = claim(addJob(StepName::Content), localOwnerWithPid(deadPid()), 1h);
    EXPECT_EQ(sweep(), 2);
    EXPECT_EQ(find(live.id).status, JobStatus::ResearchRunning);
    EXPECT_EQ(find(expired.id).status, JobStatus::Queued);
    EXPECT_EQ(find(orphaned.id).status, JobStatus::Queued);
}

TEST_F(RescuerTest, ARunningRescuerReportsWhatItRecovered) {
    auto job = claim(addJob(), kForeignOwner, -1s);
    std::atomic<int> recovered{0};
    Rescuer rescuer(*store_, clock_, {&table_}, 10ms, us_, [&](LeaseTable& table) {
        EXPECT_EQ(&table, &table_);
        ++recovered;
    });
    rescuer.start();
    ASSERT_TRUE(eventually([&] { return recovered.load() > 0; }));
    rescuer.stop();
    EXPECT_EQ(recovered.load(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Queued);
}

TEST_F(RescuerTest, TheJobsOwnRetryLimitDecidesNotTheConfigs) {
    // Stored with one retry allowed, and that retry already used: failed, whatever the policy.
    auto job = claim(addJob(domain::StepName::Research, 1, 1), kForeignOwner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(job.id).status, JobStatus::Failed);
    auto roomy = claim(addJob(domain::StepName::Research, 1, 5), kForeignOwner, -1s);
    EXPECT_EQ(sweep(), 1);
    EXPECT_EQ(find(roomy.id).status, JobStatus::Queued);
}

namespace {

// The jobs table and the webhook outbox, both under one rescuer.
class OneRescuerTest : public RescuerTest {
  protected:
    void SetUp() override {
        RescuerTest::SetUp();
        factory_ = std::make_unique<lodestone::test::Factory>(*store_);
        campaign_ = factory_->campaign(org_, {.webhookUrl = "https://crm.example/hooks"});
    }

    // A meeting_booked event whose first attempt `owner` claimed, leased for `lease`.
    domain::WebhookDelivery leasedDelivery(const std::string& owner,
                                           std::chrono::milliseconds lease) {
        return factory_->delivery(campaign_,
                                  {.claimedBy = owner, .leaseUntil = clock_.now() + lease.count()});
    }

    domain::WebhookDelivery findDelivery(const std::string& id) {
        return *store_->read(
            [&](storage::Repositories& r) { return r.webhookDeliveries().find(id); });
    }

    std::unique_ptr<lodestone::test::Factory> factory_;
    webhooks::RetrySchedule schedule_{{1min, 5min}};
    webhooks::DeliveryTable deliveries_{schedule_};
    domain::Campaign campaign_;
};

}  // namespace

TEST_F(OneRescuerTest, TakesBackJobsAndDeliveriesOfADeadProcessInOneSweep) {
    // What kill -9 leaves: a step and a delivery attempt both leased by a process that is gone.
    const auto dead = localOwnerWithPid(deadPid());
    auto job = claim(addJob(StepName::Content), dead + ":1", 1h);
    auto delivery = leasedDelivery(dead + ":2", 1h);
    std::map<const LeaseTable*, int> told;
    Rescuer rescuer(*store_, clock_, {&table_, &deliveries_}, 1h, us_,
                    [&](LeaseTable& table) { ++told[&table]; });
    EXPECT_EQ(rescuer.sweep(), 2);

    auto foundJob = find(job.id);
    EXPECT_EQ(foundJob.status, JobStatus::Queued);
    EXPECT_EQ(foundJob.retryCount, 1);
    EXPECT_THAT(foundJob.step(StepName::Content)->error.value_or(""),
                HasSubstr("lodestoned stopped while the content_generation step was running"));
    auto foundDelivery = findDelivery(delivery.id);
    EXPECT_EQ(foundDelivery.status, domain::DeliveryStatus::Pending);
    EXPECT_FALSE(foundDelivery.leaseOwner);
    EXPECT_EQ(foundDelivery.attemptCount, 1);
    ASSERT_TRUE(foundDelivery.nextAttemptAt);
    EXPECT_GE(*foundDelivery.nextAttemptAt, clock_.now() + 50'000);  // the 1 min retry
    EXPECT_THAT(foundDelivery.lastError.value_or(""), testing::StartsWith("interrupted"));
    EXPECT_EQ(told, (std::map<const LeaseTable*, int>{{&table_, 1}, {&deliveries_, 1}}));

    EXPECT_EQ(rescuer.sweep(), 0) << "each is taken back once";
}

TEST_F(OneRescuerTest, AnExpiredDeliveryLeaseIsAnInterruptedAttempt) {
    auto expired = leasedDelivery(kForeignOwner, -1s);
    auto live = leasedDelivery(kForeignOwner, 1h);
    Rescuer rescuer(*store_, clock_, {&deliveries_}, 1h, us_, [](LeaseTable&) {});
    EXPECT_EQ(rescuer.sweep(), 1);
    EXPECT_FALSE(findDelivery(expired.id).leaseOwner);
    EXPECT_EQ(findDelivery(live.id).leaseOwner, kForeignOwner);
}

TEST_F(OneRescuerTest, ADeliveryWithoutAttemptsLeftFails) {
    webhooks::RetrySchedule none{{}};
    webhooks::DeliveryTable deliveries{none};
    auto delivery = leasedDelivery(localOwnerWithPid(deadPid()), 1h);
    Rescuer rescuer(*store_, clock_, {&deliveries}, 1h, us_, [](LeaseTable&) {});
    EXPECT_EQ(rescuer.sweep(), 1);
    EXPECT_EQ(findDelivery(delivery.id).status, domain::DeliveryStatus::Failed);
}

namespace {

// A table of two expired leases, one of which cannot be taken back.
class TableWithAStuckLease final : public LeaseTable {
  public:
    class Leases final : public storage::LeaseRepository {
      public:
        std::vector<std::string> renew(const std::string&, const std::vector<std::string>& ids,
                                       Timestamp) override {
            return ids;
        }
        std::vector<storage::HeldLease> expired(Timestamp, int) override {
            return {{"stuck", "gone:1:x:1", 1}, {"fine", "gone:1:x:1", 1}};
        }
        std::vector<storage::HeldLease> heldBy(const std::vector<std::string>&) override {
            return {};
        }
        std::vector<std::string> owners() override { return {}; }
    };

    const std::string& name() const override { return name_; }
    storage::LeaseRepository& leases(storage::Repositories&) override { return leases_; }
    Rescue rescue(storage::Repositories&, const storage::HeldLease& lease, LostBecause,
                  Timestamp) override {
        if (lease.id == "stuck") throw std::runtime_error("cannot read it");
        rescued.push_back(lease.id);
        Rescue done;
        done.recorded.held = true;
        done.subject = "item " + lease.id;
        return done;
    }

    std::vector<std::string> rescued;

  private:
    const std::string name_ = "item";
    Leases leases_;
};

}  // namespace

TEST_F(RescuerTest, ALeaseThatCannotBeTakenBackDoesNotKeepTheOthers) {
    TableWithAStuckLease table;
    Rescuer rescuer(*store_, clock_, {&table}, 1h, us_, [](LeaseTable&) {});
    EXPECT_EQ(rescuer.sweep(), 1);
    EXPECT_EQ(table.rescued, std::vector<std::string>{"fine"});
}
