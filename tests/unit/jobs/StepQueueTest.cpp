// One pipeline step as a kind of work: claiming jobs of every kind, and what the end of a step's
// call means for its attempt.
#include <gtest/gtest.h>

#include "JobStoreFixture.hpp"
#include "domain/Clock.hpp"
#include "jobs/StepQueue.hpp"
#include "plugins/PluginError.hpp"

using namespace lodestone;
using namespace lodestone::jobs;
using domain::StepName;
using namespace std::chrono_literals;

namespace {

// Lead-magnet jobs whose lead cannot be read, for one job id.
class UnreadableLeads final : public JobHandler {
  public:
    explicit UnreadableLeads(std::string jobId) : jobId_(std::move(jobId)) {}
    domain::JobKind kind() const override { return domain::JobKind::LeadMagnet; }
    std::shared_ptr<StepRun> prepare(storage::Repositories&, const domain::Job& job, StepName,
                                     domain::Timestamp) override {
        if (job.id == jobId_) throw std::runtime_error("the stored lead is not a JSON object");
        return std::make_shared<Runs>();
    }
    void failedForGood(storage::Repositories&, const domain::Job&, domain::Timestamp) override {}

  private:
    struct Runs final : StepRun {
        StepResult run(plugins::RunControl&) override { return {"{}", nullptr}; }
    };
    std::string jobId_;
};

class StepQueueTest : public jobs::test::JobStoreFixture {
  protected:
    work::Outcome concludeWith(work::CallEnd end) {
        StepQueue queue(StepName::Research, table_, handlers_, retries_, 5s);
        auto claimed = claimOne(queue);
        plugins::RunControl control;
        return queue.conclude(*claimed, end, control);
    }

    std::unique_ptr<work::Claim> claimOne(StepQueue& queue) {
        addJob();
        auto now = domain::SystemClock().now();
        auto claimed = store_->write([&](storage::Repositories& r) {
            return queue.claim(r, {"w", 10, now, now + 60'000});
        });
        if (claimed.size() != 1) throw std::runtime_error("expected one claim");
        return std::move(claimed[0]);
    }

    static work::CallEnd threw(std::exception_ptr error) {
        return {work::CallEnding::Finished, "", std::move(error)};
    }

    work::RetryPolicy retries_{10s};
    JobTable table_{handlers_, retries_};
};

}  // namespace

TEST_F(StepQueueTest, AJobWhoseSubjectCannotBeReadFailsItsAttemptAndTheOthersAreClaimed) {
    auto unreadable = addJob();
    auto readable = addJob();
    UnreadableLeads kind(unreadable.id);
    JobHandlers handlers;
    handlers.add(kind);
    StepQueue queue(StepName::Research, table_, handlers, retries_, 5s);
    auto now = domain::SystemClock().now();
    auto claimed = store_->write([&](storage::Repositories& r) {
        return queue.claim(r, {"w", 10, now, now + 60'000});
    });
    ASSERT_EQ(claimed.size(), 2u);
    for (auto& claim : claimed) {
        auto prepared = queue.prepare(*claim, std::make_shared<plugins::RunControl>());
        if (claim->itemId == unreadable.id) {
            EXPECT_FALSE(prepared.call);
            EXPECT_EQ(prepared.decided.type, work::Outcome::Type::Failed);
            EXPECT_EQ(prepared.decided.error,
                      "cannot read what the job works on: the stored lead is not a JSON object");
            EXPECT_TRUE(prepared.decided.retryable);
        } else {
            EXPECT_EQ(claim->itemId, readable.id);
            EXPECT_TRUE(prepared.call);
        }
    }
}

TEST_F(StepQueueTest, AFinishedCallSucceeds) {
    EXPECT_EQ(concludeWith({}).type, work::Outcome::Type::Succeeded);
}

TEST_F(StepQueueTest, AnInputThePluginRejectsFailsForGood) {
    auto outcome = concludeWith(threw(std::make_exception_ptr(
        plugins::PluginError("research", LODESTONE_ERROR_INVALID_INPUT, "no email"))));
    EXPECT_EQ(outcome.type, work::Outcome::Type::Failed);
    EXPECT_FALSE(outcome.retryable);
    EXPECT_NE(outcome.error.find("no email"), std::string::npos);
}

TEST_F(StepQueueTest, OtherPluginFailuresAreRetryable) {
    auto outcome = concludeWith(threw(std::make_exception_ptr(
        plugins::PluginError("research", LODESTONE_ERROR_FAILED, "rate limited"))));
    EXPECT_EQ(outcome.type, work::Outcome::Type::Failed);
    EXPECT_TRUE(outcome.retryable);
    outcome = concludeWith(threw(std::make_exception_ptr(std::runtime_error("no page"))));
    EXPECT_EQ(outcome.error, "the research_agent step failed: no page");
    EXPECT_TRUE(outcome.retryable);
    outcome = concludeWith(threw(std::make_exception_ptr(42)));
    EXPECT_EQ(outcome.type, work::Outcome::Type::Failed);
}

TEST_F(StepQueueTest, ACallPastItsDeadlineFailsNamingTheTimeout) {
    auto outcome = concludeWith({work::CallEnding::Overran, "", nullptr});
    EXPECT_EQ(outcome.type, work::Outcome::Type::Failed);
    EXPECT_EQ(outcome.error, "the research_agent step did not finish within its timeout of 5 s");
}

TEST_F(StepQueueTest, AnInterruptedCallHandsTheJobBack) {
    EXPECT_EQ(concludeWith({work::CallEnding::Interrupted, "", nullptr}).type,
              work::Outcome::Type::HandedBack);
}
