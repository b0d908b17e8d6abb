#include <gtest/gtest.h>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "domain/Ids.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/IdempotencyRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/Records.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;

class Jobs : public storage::test::OnEveryBackend<storage::test::StoreFixture> {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.createdAt = project_.updatedAt = kT0;
        key_.id = domain::newId(domain::IdKind::ApiKey);
        key_.organisationId = org_.id;
        key_.name = "k";
        key_.hash = std::string(64, 'b');
        key_.prefix = "lsk_bbbbbbbb";
        key_.createdAt = kT0;
        store_->write([&](Repositories& r) {
            r.organisations().insert(org_);
            r.projects().insert(project_);
            r.apiKeys().insert(key_);
        });
    }

    // A lead and its queued job, as Generate Lead Magnet creates them.
    domain::Job addJob(std::int64_t charge = 1) {
        auto lead = lodestone::test::newLead(org_.id, project_.id, kT0);
        auto job = lodestone::test::newJob(lead, kT0);
        job.creditsCharged = charge;
        store_->write([&](Repositories& r) {
            r.leads().insert(lead);
            r.jobs().insert(job);
        });
        return job;
    }

    domain::Organisation org_;
    domain::Project project_;
    domain::ApiKey key_;
};

INSTANTIATE_TEST_SUITE_P(, Jobs, storage::test::everyBackend(), storage::test::backendName);

}  // namespace

TEST_P(Jobs, LeadAndJobRoundTrip) {
    auto job = addJob();
    auto found = store_->read([&](Repositories& r) { return r.jobs().find(job.id); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->status, JobStatus::Queued);
    EXPECT_EQ(found->leadId, job.leadId);
    EXPECT_EQ(found->maxRetries, 3);
    EXPECT_TRUE(found->steps.empty());
    EXPECT_EQ(found->creditsCharged, 1);
    auto byLead = store_->read([&](Repositories& r) { return r.jobs().findByLead(job.leadId); });
    EXPECT_EQ(byLead->id, job.id);
    auto lead = store_->read([&](Repositories& r) { return r.leads().find(job.leadId); });
    EXPECT_EQ(lead->email, "ada@example.com");
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.jobs().find("job_none"); }));
}

TEST_P(Jobs, StepsComeBackInPipelineOrder) {
    auto job = addJob();
    sql("UPDATE jobs SET status = 'content_running' WHERE id = '" + job.id + "'");
    sql("INSERT INTO job_steps (job_id, name, status, started_at, progress) VALUES ('" + job.id +
        "', 'content_generation', 'running', 2000, 40)");
    sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at, output_json) "
        "VALUES ('" +
        job.id + "', 'research_agent', 'completed', 1000, 1900, '{}')");
    auto found = store_->read([&](Repositories& r) { return r.jobs().find(job.id); });
    ASSERT_EQ(found->steps.size(), 2u);
    EXPECT_EQ(found->steps[0].name, StepName::Research);
    EXPECT_EQ(found->steps[0].completedAt, 1900);
    EXPECT_EQ(found->steps[0].outputJson, "{}");
    EXPECT_EQ(found->steps[1].status, StepStatus::Running);
    EXPECT_EQ(found->steps[1].progress, 40);
    EXPECT_EQ(found->status, JobStatus::ContentRunning);
}

TEST_P(Jobs, TheDatabaseRefusesUnknownStates) {
    auto job = addJob();
    EXPECT_ANY_THROW(sql("UPDATE jobs SET status = 'exploded' WHERE id = '" + job.id + "'"));
    EXPECT_ANY_THROW(sql("INSERT INTO job_steps (job_id, name, status, started_at) VALUES ('" +
                         job.id + "', 'dance', 'running', 1)"));
}

TEST_P(Jobs, RequeueOnlyAFailedJobAndKeepFinishedSteps) {
    auto job = addJob(0);
    EXPECT_FALSE(
        store_->write([&](Repositories& r) { return r.jobs().requeueFailed(job.id, 1, kT0); }));
    sql("UPDATE jobs SET status = 'failed', error = 'boom', retry_count = 3, finished_at = 5000 "
        "WHERE id = '" +
        job.id + "'");
    sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at) VALUES ('" +
        job.id + "', 'research_agent', 'completed', 1000, 1900)");
    sql("INSERT INTO job_steps (job_id, name, status, started_at, failed_at, error) VALUES ('" +
        job.id + "', 'content_generation', 'failed', 2000, 2500, 'boom')");
    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.jobs().requeueFailed(job.id, 2, kT0 + 1); }));
    auto found = store_->read([&](Repositories& r) { return r.jobs().find(job.id); });
    EXPECT_EQ(found->status, JobStatus::Queued);
    EXPECT_FALSE(found->error);
    EXPECT_FALSE(found->finishedAt);
    EXPECT_EQ(found->retryCount, 4);  // a manual retry is one more retry
    EXPECT_EQ(found->creditsCharged, 2);
    ASSERT_EQ(found->steps.size(), 1u);
    EXPECT_EQ(found->steps[0].name, StepName::Research);
}

TEST_P(Jobs, ChargeIsReleasedOnce) {
    auto job = addJob(3);
    EXPECT_EQ(store_->write([&](Repositories& r) { return r.jobs().releaseCharge(job.id, kT0); }),
              3);
    EXPECT_EQ(store_->write([&](Repositories& r) { return r.jobs().releaseCharge(job.id, kT0); }),
              0);
    EXPECT_THROW(store_->write([&](Repositories& r) { r.jobs().releaseCharge("job_none", kT0); }),
                 NotFound);
}

TEST_P(Jobs, TypicalStepDurationIsTheMeanOfRecentRuns) {
    EXPECT_FALSE(store_->read(
        [](Repositories& r) { return r.jobs().typicalStepMillis(StepName::Research, 50); }));
    for (int i = 0; i < 3; ++i) {
        auto job = addJob();
        sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at) VALUES ('" +
            job.id + "', 'research_agent', 'completed', 1000, " + std::to_string(2000 + 1000 * i) +
            ")");
    }
    EXPECT_EQ(store_->read([](Repositories& r) {
        return r.jobs().typicalStepMillis(StepName::Research, 50);
    }),
              2000);  // durations 1000, 2000, 3000
    EXPECT_EQ(store_->read([](Repositories& r) {
        return r.jobs().typicalStepMillis(StepName::Research, 1);
    }),
              3000);  // only the latest
}

TEST_P(Jobs, CreditChangesAreLedgered) {
    auto job = addJob();
    store_->write([&](Repositories& r) {
        r.organisations().changeCredits({org_.id, -4, CreditReason::Generation, job.id, kT0});
        r.organisations().changeCredits({org_.id, 4, CreditReason::Refund, job.id, kT0});
    });
    auto entries =
        count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + job.id + "'");
    EXPECT_EQ(entries, 2);
}

TEST_P(Jobs, IdempotencyRecordsExpireAndAreUnique) {
    IdempotencyRecord record{key_.id, "abc", "hash", 200, R"({"ok":true})", kT0};
    store_->write([&](Repositories& r) { r.idempotency().insert(record); });
    EXPECT_THROW(store_->write([&](Repositories& r) { r.idempotency().insert(record); }), Conflict);
    auto found =
        store_->read([&](Repositories& r) { return r.idempotency().find(key_.id, "abc", kT0); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->responseJson, R"({"ok":true})");
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.idempotency().find(key_.id, "abc", kT0 + 1); }));
    EXPECT_EQ(
        store_->write([&](Repositories& r) { return r.idempotency().purgeOlderThan(kT0 + 1); }), 1);
    EXPECT_FALSE(
        store_->read([&](Repositories& r) { return r.idempotency().find(key_.id, "abc", 0); }));
}
