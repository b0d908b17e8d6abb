#include <gtest/gtest.h>

#include "JobStoreFixture.hpp"
#include "domain/Clock.hpp"
#include "jobs/JobOutcomes.hpp"
#include "storage/LeadRepository.hpp"

using namespace lodestone;
using namespace lodestone::jobs;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using namespace std::chrono_literals;

namespace {

// A step's outcome recorded in a transaction of its own, as the engine records one alone.
class Outcomes : public jobs::test::JobStoreFixture {
  protected:
    std::optional<std::string> page(const std::string& leadId) {
        return store_->read([&](storage::Repositories& r) { return r.leads().page(leadId); });
    }

    bool succeed(const std::string& owner, const domain::Job& job, StepName step,
                 const StepResult& result) {
        return store_->write([&](storage::Repositories& r) {
            return recordSuccess(r, owner, job, step, result, domain::SystemClock().now()).held;
        });
    }

    bool fail(const FailedAttempt& attempt, std::optional<domain::Timestamp>& retryAt) {
        auto recorded = store_->write([&](storage::Repositories& r) {
            return recordFailure(r, handlers_, policy_, attempt, domain::SystemClock().now());
        });
        retryAt = recorded.retryAt;
        return recorded.held;
    }

    work::RetryPolicy policy_{10s};
};

}  // namespace

TEST_F(Outcomes, SuccessStoresTheOutputAndMovesTheJobOn) {
    auto job = claim(addJob(), "w");
    ASSERT_TRUE(succeed("w", job, StepName::Research, {R"({"facts":[]})", {}}));
    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ContentRunning);
    EXPECT_EQ(found.nextStep, StepName::Content);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_EQ(found.step(StepName::Research)->status, StepStatus::Completed);
    EXPECT_EQ(found.step(StepName::Research)->outputJson, R"({"facts":[]})");
    EXPECT_FALSE(page(job.leadId));
}

TEST_F(Outcomes, SuccessNamesTheQueueTheJobMovedTo) {
    auto job = claim(addJob(), "w");
    auto recorded = store_->write([&](storage::Repositories& r) {
        return recordSuccess(r, "w", job, StepName::Research, {"{}", {}},
                             domain::SystemClock().now());
    });
    EXPECT_TRUE(recorded.held);
    EXPECT_EQ(recorded.next, "content_generation");  // whose workers are woken at once
    auto finalizing = claim(addJob(StepName::Finalize), "w");
    recorded = store_->write([&](storage::Repositories& r) {
        return recordSuccess(r, "w", finalizing, StepName::Finalize, {"{}", {}},
                             domain::SystemClock().now());
    });
    EXPECT_FALSE(recorded.next) << "the last step leads nowhere";
}

// What finalization hands over: store the page with the lead.
jobs::StepResult withPage(const std::string& output, const std::string& leadId,
                          const std::string& html) {
    return {output, [leadId, html](storage::Repositories& repositories, domain::Timestamp) {
                repositories.leads().setPage(leadId, html);
            }};
}

TEST_F(Outcomes, FinalizationStoresTheLeadsPage) {
    auto job = claim(addJob(StepName::Finalize), "w");
    ASSERT_TRUE(succeed("w", job, StepName::Finalize,
                        withPage(R"({"bytes":20})", job.leadId, "<html>guide</html>")));
    EXPECT_EQ(find(job.id).status, JobStatus::Completed);
    EXPECT_TRUE(find(job.id).finishedAt);
    EXPECT_EQ(page(job.leadId), "<html>guide</html>");
    EXPECT_EQ(balance(), kInitialCredits - kCharge);  // a success keeps the charge
}

TEST_F(Outcomes, SuccessByAnOwnerThatLostTheJobChangesNothing) {
    auto job = claim(addJob(StepName::Finalize), "w");
    EXPECT_FALSE(succeed("someone-else", job, StepName::Finalize,
                         withPage("{}", job.leadId, "<html>guide</html>")));
    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Finalizing);
    EXPECT_EQ(found.leaseOwner, "w");
    EXPECT_EQ(found.steps[0].status, StepStatus::Running);
    EXPECT_FALSE(page(job.leadId)) << "the page must not be stored when the step was not";
}

TEST_F(Outcomes, AFailureWithRetriesLeftQueuesTheJobAfterTheBackOff) {
    auto job = claim(addJob(), "w");
    auto before = domain::SystemClock().now();
    std::optional<domain::Timestamp> retryAt;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 0, "boom", false, 3}, retryAt));
    auto after = domain::SystemClock().now();
    ASSERT_TRUE(retryAt);
    EXPECT_GE(*retryAt, before + 8'000);
    EXPECT_LT(*retryAt, after + 12'000);

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Queued);
    EXPECT_EQ(found.retryCount, 1);
    EXPECT_EQ(found.runAfter, *retryAt);
    EXPECT_FALSE(found.leaseOwner);
    EXPECT_FALSE(found.error);
    EXPECT_EQ(found.steps[0].status, StepStatus::Failed);
    EXPECT_EQ(found.steps[0].error, "boom");
    EXPECT_EQ(found.creditsCharged, kCharge);  // still held: the job is not over
    EXPECT_EQ(balance(), kInitialCredits - kCharge);
    EXPECT_EQ(refunds(job.id), 0);
}

TEST_F(Outcomes, TheBackOffGrowsWithTheRetriesAlreadyUsed) {
    auto job = claim(addJob(StepName::Research, 2), "w");
    auto before = domain::SystemClock().now();
    std::optional<domain::Timestamp> retryAt;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 2, "boom", false, 3}, retryAt));
    ASSERT_TRUE(retryAt);
    EXPECT_GE(*retryAt, before + 32'000);  // 0.8 × 40 s
    EXPECT_EQ(find(job.id).retryCount, 3);
}

TEST_F(Outcomes, AFailureWithoutRetriesLeftFailsTheJobAndRefundsItOnce) {
    auto job = claim(addJob(StepName::Research, 3), "w");
    ASSERT_EQ(balance(), kInitialCredits - kCharge);
    std::optional<domain::Timestamp> retryAt = 1;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 3, "gave up", false, 3}, retryAt));
    EXPECT_FALSE(retryAt);

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Failed);
    EXPECT_EQ(found.error, "gave up");
    EXPECT_TRUE(found.finishedAt);
    EXPECT_EQ(found.creditsCharged, 0);
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);

    // A second report of the same failure (a late worker, the rescuer) finds no lease to fail.
    EXPECT_FALSE(fail({job.id, "w", StepName::Research, 3, "again", false, 3}, retryAt));
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);
    EXPECT_EQ(find(job.id).error, "gave up");
}

TEST_F(Outcomes, AFailureNoRetryCanFixFailsAtOnceAndIsNotRetryable) {
    auto job = claim(addJob(StepName::Content), "w");
    std::optional<domain::Timestamp> retryAt = 1;
    ASSERT_TRUE(
        fail({job.id, "w", StepName::Content, 0, "rejected its input", false, 3, false}, retryAt));
    EXPECT_FALSE(retryAt) << "retries were left, but none can help";

    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::Failed);
    EXPECT_FALSE(found.retryable);
    EXPECT_EQ(found.retryCount, 0);
    EXPECT_EQ(found.error, "rejected its input");
    EXPECT_EQ(balance(), kInitialCredits);
    EXPECT_EQ(refunds(job.id), 1);
}

TEST_F(Outcomes, AFailureOutOfRetriesStaysRetryable) {
    auto job = claim(addJob(StepName::Research, 3), "w");
    std::optional<domain::Timestamp> retryAt;
    ASSERT_TRUE(fail({job.id, "w", StepName::Research, 3, "gave up", false, 3}, retryAt));
    EXPECT_EQ(find(job.id).status, JobStatus::Failed);
    EXPECT_TRUE(find(job.id).retryable) << "a later retry may well succeed";
}

TEST_F(Outcomes, AFailureByAnOwnerThatLostTheJobChangesNothing) {
    auto job = claim(addJob(StepName::Research, 3), "w");
    std::optional<domain::Timestamp> retryAt;
    EXPECT_FALSE(fail({job.id, "intruder", StepName::Research, 3, "x", false, 3}, retryAt));
    EXPECT_FALSE(fail({job.id, "intruder", StepName::Research, 0, "x", false, 3}, retryAt));
    auto found = find(job.id);
    EXPECT_EQ(found.status, JobStatus::ResearchRunning);
    EXPECT_EQ(found.leaseOwner, "w");
    EXPECT_EQ(found.retryCount, 3);
    EXPECT_EQ(found.creditsCharged, kCharge);
    EXPECT_EQ(found.steps[0].status, StepStatus::Running);
    EXPECT_EQ(balance(), kInitialCredits - kCharge);
    EXPECT_EQ(refunds(job.id), 0);
}

TEST_F(Outcomes, AReapersFailureNeedsTheLeaseToHaveExpired) {
    auto job = claim(addJob(), "w", 5min);
    std::optional<domain::Timestamp> retryAt;
    EXPECT_FALSE(fail({job.id, "w", StepName::Research, 0, "expired?", true, 3}, retryAt));
    EXPECT_EQ(find(job.id).status, JobStatus::ResearchRunning);

    auto expired = claim(addJob(), "w", -1s);
    EXPECT_TRUE(fail({expired.id, "w", StepName::Research, 0, "expired", true, 3}, retryAt));
    EXPECT_EQ(find(expired.id).status, JobStatus::Queued);
}
