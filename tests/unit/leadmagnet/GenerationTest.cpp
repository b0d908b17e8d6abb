#include <Poco/Data/Session.h>
#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <string>

#include "domain/Ids.hpp"
#include "leadmagnet/Generation.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using domain::JobStatus;
using domain::StepName;
using leadmagnet::GenerationRequest;
using leadmagnet::NotRetryable;
using storage::Repositories;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;
const std::string kPublicUrl = "https://lodestone.example.com";

class Generation : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.creditsPerGeneration = 3;
        project_.createdAt = project_.updatedAt = kT0;
        store_->write([&](Repositories& r) {
            r.organisations().insert(org_);
            r.projects().insert(project_);
        });
        auto body = Poco::JSON::Parser()
                        .parse(R"({"email":"ada@example.com","fullName":"Ada Lovelace",
                                   "customFields":{"plan":"pro"},"unknown":"dropped"})")
                        .extract<Poco::JSON::Object::Ptr>();
        input_ = leadmagnet::checkProjectLeadFields(project_.schema, *body);
        ASSERT_TRUE(input_.valid());
    }

    leadmagnet::StartedGeneration start(domain::Timestamp now = kT0) {
        return store_->write([&](Repositories& r) {
            return leadmagnet::startGeneration(
                r, GenerationRequest{project_, input_, kPublicUrl, 3, now});
        });
    }

    std::int64_t balance() {
        return store_->read(
            [&](Repositories& r) { return r.organisations().find(org_.id)->credits; });
    }

    void setBalance(std::int64_t credits) {
        sql("UPDATE organisations SET credits = " + std::to_string(credits) + " WHERE id = '" +
            org_.id + "'");
    }

    domain::Job job(const std::string& id) {
        auto found = store_->read([&](Repositories& r) { return r.jobs().find(id); });
        EXPECT_TRUE(found) << id;
        return found.value_or(domain::Job{});
    }

    // The job as the worker leaves it when a step fails: research done, content failed.
    domain::Job fail(const domain::Job& started, bool retryable = true) {
        sql("UPDATE jobs SET status = 'failed', error = 'model timed out', retry_count = 3, "
            "finished_at = " +
            std::to_string(kT0 + 5000) + ", retryable = " + (retryable ? "1" : "0") +
            " WHERE id = '" + started.id + "'");
        sql("INSERT INTO job_steps (job_id, name, status, started_at, completed_at, output_json) "
            "VALUES ('" +
            started.id + "', 'research_agent', 'completed', 1000, 1900, '{}')");
        sql("INSERT INTO job_steps (job_id, name, status, started_at, failed_at, error) VALUES ('" +
            started.id + "', 'content_generation', 'failed', 2000, 2500, 'model timed out')");
        return job(started.id);
    }

    domain::Job retry(const domain::Job& failed, domain::Timestamp now = kT0 + 10'000) {
        return store_->write(
            [&](Repositories& r) { return leadmagnet::retryGeneration(r, failed, project_, now); });
    }

    std::int64_t refund(const domain::Job& held, domain::Timestamp now = kT0 + 6000) {
        return store_->write(
            [&](Repositories& r) { return leadmagnet::refundCharge(r, held, now); });
    }

    domain::Organisation org_;
    domain::Project project_;
    leadmagnet::ProjectLeadFields input_;
};

TEST_F(Generation, StartingChargesTheProjectCostAndStoresALeadAndItsQueuedJob) {
    auto started = start();
    EXPECT_EQ(balance(), 7);

    auto lead = store_->read([&](Repositories& r) { return r.leads().find(started.lead.id); });
    ASSERT_TRUE(lead);
    EXPECT_EQ(lead->organisationId, org_.id);
    EXPECT_EQ(lead->projectId, project_.id);
    EXPECT_EQ(lead->email, "ada@example.com");
    EXPECT_EQ(lead->createdAt, kT0);
    auto fields = Poco::JSON::Parser().parse(lead->fieldsJson).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(fields->getValue<std::string>("email"), "ada@example.com");
    EXPECT_EQ(fields->getValue<std::string>("fullName"), "Ada Lovelace");
    EXPECT_EQ(fields->getObject("customFields")->getValue<std::string>("plan"), "pro");
    EXPECT_FALSE(fields->has("unknown"));

    auto stored = job(started.job.id);
    EXPECT_EQ(stored.leadId, lead->id);
    EXPECT_EQ(stored.organisationId, org_.id);
    EXPECT_EQ(stored.projectId, project_.id);
    EXPECT_EQ(stored.status, JobStatus::Queued);
    EXPECT_EQ(stored.creditsCharged, 3);
    EXPECT_EQ(stored.maxRetries, 3);
    EXPECT_EQ(stored.retryCount, 0);
    EXPECT_FALSE(stored.error);
    EXPECT_LE(stored.runAfter, kT0);
    EXPECT_TRUE(stored.steps.empty());
    // What the caller gets back is what was stored.
    EXPECT_EQ(started.job.creditsCharged, 3);
    EXPECT_EQ(started.job.leadId, started.lead.id);
    EXPECT_EQ(stored.id, started.job.id);
}

TEST_F(Generation, LeadAndJobShareTheLeadMagnetUrlUnderThePublicUrl) {
    auto started = start();
    const std::string expected = kPublicUrl + "/m/" + started.lead.id;
    EXPECT_EQ(started.lead.leadMagnetUrl, expected);
    EXPECT_EQ(started.job.leadMagnetUrl, expected);
    auto lead = store_->read([&](Repositories& r) { return r.leads().find(started.lead.id); });
    EXPECT_EQ(lead->leadMagnetUrl, expected);
    EXPECT_EQ(job(started.job.id).leadMagnetUrl, expected);
}

TEST_F(Generation, AProjectWithItsOwnHostPutsTheLeadMagnetThere) {
    project_.leadMagnetHost = "https://go.acme.example";
    store_->write([&](Repositories& r) { r.projects().update(project_); });
    auto started = start();
    const std::string expected = "https://go.acme.example/" + started.lead.id;
    EXPECT_EQ(started.lead.leadMagnetUrl, expected);
    EXPECT_EQ(job(started.job.id).leadMagnetUrl, expected);

    EXPECT_EQ(leadmagnet::leadMagnetUrl(project_, kPublicUrl, "lead_x"),
              "https://go.acme.example/lead_x");
    project_.leadMagnetHost.reset();
    EXPECT_EQ(leadmagnet::leadMagnetUrl(project_, kPublicUrl, "lead_x"),
              "https://lodestone.example.com/m/lead_x");
}

TEST_F(Generation, IdsCarryTheLeadAndJobPrefixes) {
    auto started = start();
    EXPECT_TRUE(started.lead.id.starts_with("lead_")) << started.lead.id;
    EXPECT_TRUE(started.job.id.starts_with("job_")) << started.job.id;
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::Lead, started.lead.id));
    EXPECT_TRUE(domain::looksLikeId(domain::IdKind::Job, started.job.id));
    auto another = start();
    EXPECT_NE(another.lead.id, started.lead.id);
    EXPECT_NE(another.job.id, started.job.id);
}

TEST_F(Generation, TheChargeIsLedgeredAgainstTheJob) {
    auto started = start();
    EXPECT_EQ(
        count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + started.job.id +
              "' AND reason = 'generation' AND delta = -3 AND organisation_id = '" + org_.id + "'"),
        1);
}

TEST_F(Generation, TooFewCreditsRefusesAndStoresNothing) {
    setBalance(2);
    EXPECT_THROW(start(), storage::InsufficientCredits);
    EXPECT_EQ(balance(), 2);
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions"), 0);
}

TEST_F(Generation, ExactlyEnoughCreditsIsEnough) {
    setBalance(3);
    auto started = start();
    EXPECT_EQ(balance(), 0);
    EXPECT_EQ(job(started.job.id).creditsCharged, 3);
    EXPECT_THROW(start(), storage::InsufficientCredits);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 1);
}

TEST_F(Generation, AFailureAfterTheChargeTakesTheChargeBackToo) {
    // A project that is not in the database: the charge succeeds, storing the lead does not.
    domain::Project ghost = project_;
    ghost.id = domain::newId(domain::IdKind::Project);
    EXPECT_ANY_THROW(store_->write([&](Repositories& r) {
        leadmagnet::startGeneration(r, GenerationRequest{ghost, input_, kPublicUrl, 3, kT0});
    }));
    EXPECT_EQ(balance(), 10);
    EXPECT_EQ(count("SELECT COUNT(*) FROM leads"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs"), 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions"), 0);
}

TEST_F(Generation, AFreeProjectWorksWithNoCredits) {
    project_.creditsPerGeneration = 0;
    store_->write([&](Repositories& r) { r.projects().update(project_); });
    setBalance(0);
    auto started = start();
    EXPECT_EQ(balance(), 0);
    auto stored = job(started.job.id);
    EXPECT_EQ(stored.status, JobStatus::Queued);
    EXPECT_EQ(stored.creditsCharged, 0);
    EXPECT_EQ(refund(stored), 0);
    EXPECT_EQ(balance(), 0);
}

TEST_F(Generation, RefundingGivesTheHeldCreditsBackOnce) {
    auto started = start();
    ASSERT_EQ(balance(), 7);
    EXPECT_EQ(refund(started.job), 3);
    EXPECT_EQ(balance(), 10);
    EXPECT_EQ(job(started.job.id).creditsCharged, 0);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + started.job.id +
                    "' AND reason = 'refund' AND delta = 3"),
              1);
    // The job object still says 3; the stored charge decides.
    EXPECT_EQ(refund(started.job), 0);
    EXPECT_EQ(balance(), 10);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions WHERE reason = 'refund'"), 1);
}

TEST_F(Generation, OnlyAFailedJobCanBeRetried) {
    for (const std::string status :
         {"queued", "research_running", "content_running", "finalizing", "completed"}) {
        setBalance(10);
        auto started = start();
        sql("UPDATE jobs SET status = '" + status + "' WHERE id = '" + started.job.id + "'");
        auto current = job(started.job.id);
        const auto before = balance();
        EXPECT_THROW(retry(current), NotRetryable) << status;
        EXPECT_EQ(balance(), before) << status;
        auto after = job(started.job.id);
        EXPECT_EQ(std::string(domain::toString(after.status)), status);
        EXPECT_EQ(after.creditsCharged, 3) << status;
    }
}

TEST_F(Generation, AFailureARetryCannotFixIsNotRetryable) {
    auto failed = fail(start().job, /*retryable=*/false);
    ASSERT_TRUE(refund(failed) == 3);
    EXPECT_THROW(retry(failed), NotRetryable);
    EXPECT_EQ(balance(), 10);
    EXPECT_EQ(job(failed.id).status, JobStatus::Failed);
}

TEST_F(Generation, RetryingRequeuesAtTheFailedStepAndChargesAgain) {
    auto failed = fail(start().job);
    ASSERT_EQ(refund(failed), 3);  // as the worker does when the job fails
    ASSERT_EQ(balance(), 10);

    auto retried = retry(failed, kT0 + 10'000);
    EXPECT_EQ(balance(), 7);
    for (const auto& j : {retried, job(failed.id)}) {
        EXPECT_EQ(j.status, JobStatus::Queued);
        EXPECT_FALSE(j.error);
        EXPECT_FALSE(j.finishedAt);
        EXPECT_EQ(j.retryCount, 4);  // the 3 automatic retries and this one
        EXPECT_EQ(j.creditsCharged, 3);
        EXPECT_LE(j.runAfter, kT0 + 10'000);
        // The completed research step is kept; the failed content step is gone.
        ASSERT_EQ(j.steps.size(), 1u);
        EXPECT_EQ(j.steps[0].name, StepName::Research);
        EXPECT_EQ(j.steps[0].status, domain::StepStatus::Completed);
    }
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + failed.id +
                    "' AND reason = 'generation'"),
              2);
}

TEST_F(Generation, RetryingAJobThatStillHoldsItsChargeCostsNothingExtra) {
    auto failed = fail(start().job);
    ASSERT_EQ(failed.creditsCharged, 3);
    ASSERT_EQ(balance(), 7);
    auto retried = retry(failed);
    EXPECT_EQ(balance(), 7);  // the old charge refunded, the new one taken
    EXPECT_EQ(retried.creditsCharged, 3);
    EXPECT_EQ(job(failed.id).creditsCharged, 3);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + failed.id +
                    "' AND reason = 'refund' AND delta = 3"),
              1);
}

TEST_F(Generation, ARetryChargesTheProjectsCurrentCost) {
    auto failed = fail(start().job);
    ASSERT_EQ(refund(failed), 3);
    project_.creditsPerGeneration = 5;
    store_->write([&](Repositories& r) { r.projects().update(project_); });
    auto retried = retry(failed);
    EXPECT_EQ(retried.creditsCharged, 5);
    EXPECT_EQ(balance(), 5);
}

TEST_F(Generation, ASecondRetryInARowIsNotRetryable) {
    auto failed = fail(start().job);
    ASSERT_EQ(refund(failed), 3);
    retry(failed);
    ASSERT_EQ(balance(), 7);

    // With the job as it was read before the first retry...
    EXPECT_THROW(retry(failed), NotRetryable);
    // ...and as it is now.
    EXPECT_THROW(retry(job(failed.id)), NotRetryable);

    EXPECT_EQ(balance(), 7);
    auto current = job(failed.id);
    EXPECT_EQ(current.status, JobStatus::Queued);
    EXPECT_EQ(current.creditsCharged, 3);
    EXPECT_EQ(count("SELECT COUNT(*) FROM credit_transactions WHERE job_id = '" + failed.id +
                    "' AND reason = 'generation'"),
              2);
}

TEST_F(Generation, ARetryWithoutEnoughCreditsLeavesTheJobFailed) {
    auto failed = fail(start().job);
    ASSERT_EQ(refund(failed), 3);
    setBalance(2);
    EXPECT_THROW(retry(failed), storage::InsufficientCredits);
    EXPECT_EQ(balance(), 2);
    auto current = job(failed.id);
    EXPECT_EQ(current.status, JobStatus::Failed);
    EXPECT_EQ(current.error, "model timed out");
    EXPECT_EQ(current.creditsCharged, 0);
    EXPECT_EQ(current.steps.size(), 2u);
}

TEST_F(Generation, AFreeProjectsJobCanBeRetriedWithNoCredits) {
    project_.creditsPerGeneration = 0;
    store_->write([&](Repositories& r) { r.projects().update(project_); });
    setBalance(0);
    auto failed = fail(start().job);
    auto retried = retry(failed);
    EXPECT_EQ(retried.status, JobStatus::Queued);
    EXPECT_EQ(retried.creditsCharged, 0);
    EXPECT_EQ(balance(), 0);
}

}  // namespace
