// The test factory builds what it promises, through the repositories, on a real SQLite file.
#include <gtest/gtest.h>

#include <stdexcept>

#include "domain/Clock.hpp"
#include "storage/JobRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "support/DaemonDatabase.hpp"
#include "support/TempDir.hpp"

namespace lodestone::test {
namespace {

using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;

class FactoryTest : public ::testing::Test {
  protected:
    template <typename F>
    auto read(F&& work) {
        return database_.store().read(std::forward<F>(work));
    }
    domain::Organisation reread(const domain::Organisation& organisation) {
        return *read(
            [&](auto& repositories) { return repositories.organisations().find(organisation.id); });
    }

    TempDir dir_;
    DaemonDatabase database_{TestDatabase::forTest(dir_ / "lodestone.db")};
    Factory& factory_ = database_.factory();
};

TEST_F(FactoryTest, RecordsGetDefaultsAndUniqueNames) {
    auto acme = factory_.organisation({.name = "Acme", .credits = 7});
    EXPECT_EQ(factory_.organisationNamed("Acme").credits, 7);
    auto first = factory_.project(acme);
    auto second = factory_.project(acme);
    EXPECT_NE(first.name, second.name);
    EXPECT_EQ(factory_.projectNamed("Acme", first.name).id, first.id);
    auto outbound = factory_.campaign(acme, {.name = "Outbound"});
    EXPECT_EQ(factory_.campaignNamed("Acme", "Outbound").webhookSecret.rfind("whsec_", 0), 0u);
    EXPECT_THROW(factory_.organisationNamed("Globex"), std::invalid_argument);

    auto lead = factory_.lead(first);
    EXPECT_EQ(lead.leadMagnetUrl, "http://127.0.0.1:8080/m/" + lead.id);
    EXPECT_EQ(lead.fieldsJson, R"({"email":"ada@example.com"})");
    auto hosted = factory_.lead(factory_.project(acme, {.leadMagnetHost = "https://go.acme.test"}));
    EXPECT_EQ(hosted.leadMagnetUrl, "https://go.acme.test/" + hosted.id);
}

TEST_F(FactoryTest, ALeadMagnetJobIsChargedAsGenerateChargesIt) {
    auto acme = factory_.organisation({.credits = 10});
    auto lead = factory_.lead(factory_.project(acme, {.creditsPerGeneration = 2}));
    auto job = factory_.job(lead);
    EXPECT_EQ(job.status, JobStatus::Queued);
    EXPECT_EQ(job.creditsCharged, 2);
    EXPECT_EQ(job.leadMagnetUrl, lead.leadMagnetUrl);
    EXPECT_EQ(reread(acme).credits, 8);
}

TEST_F(FactoryTest, AJobReachesTheStepAskedWithEveryStepBeforeItCompleted) {
    auto lead = factory_.lead(factory_.project(factory_.organisation()));
    auto job = factory_.job(lead, {.completed = {StepName::Research},
                                   .running = StepName::Content,
                                   .progress = 10,
                                   .leaseOwner = "w1"});
    EXPECT_EQ(job.status, JobStatus::ContentRunning);
    EXPECT_EQ(job.leaseOwner, "w1");
    ASSERT_EQ(job.steps.size(), 2u);
    EXPECT_EQ(job.step(StepName::Research)->status, StepStatus::Completed);
    EXPECT_EQ(job.step(StepName::Content)->status, StepStatus::Running);
    EXPECT_EQ(job.step(StepName::Content)->progress, 10);

    auto done = factory_.advance(job.id, {.completed = {StepName::Content, StepName::Finalize}});
    EXPECT_EQ(done.status, JobStatus::Completed);
    EXPECT_FALSE(done.leaseOwner);
}

TEST_F(FactoryTest, RetriesAreCountedBeforeTheFailureForGood) {
    auto lead = factory_.lead(factory_.project(factory_.organisation()));
    auto job = factory_.job(lead, {.completed = {StepName::Research},
                                   .retries = 3,
                                   .failed = StepName::Content,
                                   .error = "boom",
                                   .retryable = false});
    EXPECT_EQ(job.status, JobStatus::Failed);
    EXPECT_EQ(job.retryCount, 3);
    EXPECT_EQ(job.error, "boom");
    EXPECT_FALSE(job.retryable);
    EXPECT_EQ(job.step(StepName::Content)->status, StepStatus::Failed);
}

TEST_F(FactoryTest, ARunningStepHoldsTheLeaseAsked) {
    auto project = factory_.project(factory_.organisation());
    auto job =
        factory_.job(factory_.lead(project), {.running = StepName::Research, .leaseUntil = 1});
    EXPECT_EQ(job.status, JobStatus::ResearchRunning);
    EXPECT_EQ(job.leaseExpiresAt, 1);

    auto other = factory_.job(factory_.lead(project), {.running = StepName::Research});
    EXPECT_GT(other.leaseExpiresAt.value_or(0), domain::SystemClock().now());
    factory_.expireLease(other.id);
    EXPECT_EQ(read([&](auto& r) { return r.jobs().find(other.id); })->leaseExpiresAt, 1);
}

TEST_F(FactoryTest, AnotherJobDueFirstIsAnErrorThatChangesNothing) {
    auto project = factory_.project(factory_.organisation());
    auto waiting = factory_.job(factory_.lead(project));
    // Due strictly before the next job, whatever the order of two jobs due at the same moment.
    while (domain::SystemClock().now() <= waiting.runAfter) {
    }
    auto lead = factory_.lead(project);
    EXPECT_THROW(factory_.job(lead, {.running = StepName::Research}), std::logic_error);
    EXPECT_FALSE(read([&](auto& r) { return r.jobs().findByLead(lead.id); }));
    auto untouched = *read([&](auto& r) { return r.jobs().find(waiting.id); });
    EXPECT_EQ(untouched.status, JobStatus::Queued);
    EXPECT_FALSE(untouched.leaseOwner);
}

TEST_F(FactoryTest, ARefundGivesTheChargeBackAndAReleaseDropsIt) {
    auto acme = factory_.organisation({.credits = 10});
    auto project = factory_.project(acme);
    auto refunded = factory_.job(factory_.lead(project), {.failed = StepName::Research});
    auto released = factory_.job(factory_.lead(project), {.failed = StepName::Research});
    EXPECT_EQ(reread(acme).credits, 8);
    factory_.refund(refunded.id);
    factory_.releaseCharge(released.id);
    EXPECT_EQ(reread(acme).credits, 9);
    EXPECT_EQ(read([&](auto& r) { return r.jobs().find(released.id); })->creditsCharged, 0);

    factory_.setCredits(acme.id, 3);
    EXPECT_EQ(reread(acme).credits, 3);
}

TEST_F(FactoryTest, AProspectAndItsJobMeetingAndDelivery) {
    auto acme = factory_.organisation();
    auto campaign = factory_.campaign(acme);
    factory_.setWebhookUrl(campaign.id, "https://hooks.acme.test/in");
    auto prospect = factory_.prospect(
        campaign, {.email = "Ada@Engines.example", .status = domain::ProspectStatus::Qualified});
    EXPECT_EQ(prospect.emailKey, "ada@engines.example");
    EXPECT_EQ(prospect.domain, "engines.example");
    auto stored = *read([&](auto& r) { return r.prospects().find(prospect.id); });
    EXPECT_EQ(stored.status, domain::ProspectStatus::Qualified);

    auto job =
        factory_.job(prospect, {.completed = {StepName::Research}, .running = StepName::Score});
    EXPECT_EQ(job.kind, domain::JobKind::Prospect);
    EXPECT_EQ(job.status, JobStatus::Scoring);

    factory_.meeting(prospect, {.externalId = "cal-1"});
    auto meetings = read([&](auto& r) { return r.meetings().listForProspect(prospect.id); });
    ASSERT_EQ(meetings.size(), 1u);
    EXPECT_EQ(meetings[0].externalId, "cal-1");

    // Claimed first: a claim takes the delivery due first, which a pending one would be.
    auto claimed = factory_.delivery(campaign, {.claimedBy = "hook-worker", .leaseUntil = 5});
    EXPECT_EQ(claimed.leaseOwner, "hook-worker");
    EXPECT_EQ(claimed.leaseExpiresAt, 5);
    EXPECT_EQ(claimed.attemptCount, 1);
    auto attempts = read([&](auto& r) { return r.webhookDeliveries().attempts(claimed.id); });
    ASSERT_EQ(attempts.size(), 1u);
    EXPECT_EQ(attempts[0].url, "https://hooks.acme.test/in");
    auto pending = factory_.delivery(campaign);
    EXPECT_EQ(pending.status, domain::DeliveryStatus::Pending);
    EXPECT_EQ(pending.attemptCount, 0);
    EXPECT_FALSE(pending.leaseOwner);
}

}  // namespace
}  // namespace lodestone::test
