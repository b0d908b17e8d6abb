// Meetings and prospect jobs, as the repositories store them.
#include <gtest/gtest.h>

#include "ProspectStoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/Records.hpp"

using namespace lodestone;
using namespace lodestone::storage;
using domain::JobKind;
using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;

namespace {

constexpr domain::Timestamp kLease = 60'000;

class OutreachStore : public storage::test::OnEveryBackend<storage::test::ProspectStoreFixture> {
  protected:
    void SetUp() override {
        ProspectStoreFixture::SetUp();
        ann_ = add(campaign_, "ann@initech.com");
    }

    domain::Meeting meeting(const domain::Prospect& p, std::optional<std::string> externalId,
                            domain::Timestamp at) const {
        return {domain::newId(domain::IdKind::Meeting),
                p.campaignId,
                p.id,
                std::move(externalId),
                "2026-12-01T15:00:00Z",
                30,
                "Intro call",
                at};
    }

    void insert(const domain::Meeting& m) {
        store_->write([&](Repositories& r) { r.meetings().insert(m); });
    }

    std::vector<domain::Meeting> meetingsOf(const std::string& prospectId) {
        return store_->read(
            [&](Repositories& r) { return r.meetings().listForProspect(prospectId); });
    }

    std::vector<domain::Job> claim(StepName step, const std::string& owner, domain::Timestamp now) {
        return store_->write([&](Repositories& r) {
            return r.jobQueue().claim(step, owner, 10, now, now + kLease);
        });
    }

    bool complete(const std::string& jobId, StepName step, const std::string& output,
                  domain::Timestamp now) {
        return store_->write([&](Repositories& r) {
            return r.jobQueue().completeStep(jobId, "w", step, output, now);
        });
    }

    domain::Prospect ann_;
};

INSTANTIATE_TEST_SUITE_P(, OutreachStore, storage::test::everyBackend(),
                         storage::test::backendName);

}  // namespace

TEST_P(OutreachStore, MeetingsRoundTripOldestFirst) {
    auto later = meeting(ann_, "cal-2", kT0 + 20);
    auto earlier = meeting(ann_, "cal-1", kT0 + 10);
    insert(later);
    insert(earlier);

    auto found = store_->read(
        [&](Repositories& r) { return r.meetings().findByExternalId(campaign_.id, "cal-1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, earlier.id);
    EXPECT_EQ(found->campaignId, campaign_.id);
    EXPECT_EQ(found->prospectId, ann_.id);
    EXPECT_EQ(found->externalId, "cal-1");
    EXPECT_EQ(found->scheduledAt, "2026-12-01T15:00:00Z");
    EXPECT_EQ(found->durationMinutes, 30);
    EXPECT_EQ(found->title, "Intro call");
    EXPECT_EQ(found->createdAt, kT0 + 10);
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.meetings().findByExternalId(other_.id, "cal-1"); }));
    EXPECT_FALSE(store_->read(
        [&](Repositories& r) { return r.meetings().findByExternalId(campaign_.id, "cal-3"); }));

    auto listed = meetingsOf(ann_.id);
    ASSERT_EQ(listed.size(), 2u);
    EXPECT_EQ(listed[0].id, earlier.id);
    EXPECT_EQ(listed[1].id, later.id);
    EXPECT_TRUE(meetingsOf(add(campaign_, "bob@initech.com").id).empty());
}

TEST_P(OutreachStore, ExternalIdIsUniquePerCampaign) {
    insert(meeting(ann_, "cal-1", kT0));
    EXPECT_THROW(insert(meeting(ann_, "cal-1", kT0 + 1)), Conflict);
    EXPECT_EQ(meetingsOf(ann_.id).size(), 1u);

    // Another campaign may use the same calendar id; meetings without one never collide.
    auto elsewhere = add(other_, "ann@initech.com");
    insert(meeting(elsewhere, "cal-1", kT0 + 2));
    insert(meeting(ann_, std::nullopt, kT0 + 3));
    insert(meeting(ann_, std::nullopt, kT0 + 4));
    EXPECT_EQ(meetingsOf(ann_.id).size(), 3u);
    EXPECT_EQ(meetingsOf(elsewhere.id).size(), 1u);
    EXPECT_FALSE(meetingsOf(ann_.id)[1].externalId);
}

TEST_P(OutreachStore, AMeetingIsMovedCancelledAndPutBackOn) {
    auto m = meeting(ann_, "calcom:u1", kT0);
    m.source = "calcom";
    insert(m);
    auto find = [&] {
        return *store_->read([&](Repositories& r) { return r.meetings().find(m.id); });
    };
    EXPECT_EQ(find().source, "calcom");
    EXPECT_FALSE(find().cancelledAt);
    EXPECT_FALSE(find().updatedAt);

    store_->write([&](Repositories& r) {
        r.meetings().reschedule(m.id, "2026-12-04T14:00:00Z", 45, "Moved call", kT0 + 10);
    });
    EXPECT_EQ(find().scheduledAt, "2026-12-04T14:00:00Z");
    EXPECT_EQ(find().durationMinutes, 45);
    EXPECT_EQ(find().title, "Moved call");
    EXPECT_EQ(find().updatedAt, kT0 + 10);

    EXPECT_TRUE(
        store_->write([&](Repositories& r) { return r.meetings().cancel(m.id, kT0 + 20); }));
    EXPECT_FALSE(
        store_->write([&](Repositories& r) { return r.meetings().cancel(m.id, kT0 + 30); }));
    EXPECT_EQ(find().cancelledAt, kT0 + 20);
    store_->write([&](Repositories& r) {
        r.meetings().reschedule(m.id, "2026-12-05T09:00:00Z", 30, "Back on", kT0 + 40);
    });
    EXPECT_FALSE(find().cancelledAt);
    EXPECT_THROW(store_->write([&](Repositories& r) {
        r.meetings().reschedule("meeting_none", "2026-12-05T09:00:00Z", 30, "x", kT0);
    }),
                 NotFound);
}

TEST_P(OutreachStore, EveryBookingIdOfAMeetingFindsItOnceInItsCampaign) {
    auto m = meeting(ann_, std::nullopt, kT0);
    insert(m);
    store_->write([&](Repositories& r) {
        r.meetings().recordBooking(campaign_.id, "calendly", "invitee-1", m.id, kT0);
        r.meetings().recordBooking(campaign_.id, "calendly", "invitee-2", m.id, kT0 + 1);
    });
    auto of = [&](const std::string& campaign, const std::string& provider,
                  const std::string& booking) {
        return store_->read([&](Repositories& r) {
            return r.meetings().meetingOfBooking(campaign, provider, booking);
        });
    };
    EXPECT_EQ(of(campaign_.id, "calendly", "invitee-1"), m.id);
    EXPECT_EQ(of(campaign_.id, "calendly", "invitee-2"), m.id);
    EXPECT_FALSE(of(campaign_.id, "calcom", "invitee-1"));
    EXPECT_FALSE(of(other_.id, "calendly", "invitee-1"));
    EXPECT_THROW(store_->write([&](Repositories& r) {
        r.meetings().recordBooking(campaign_.id, "calendly", "invitee-1", m.id, kT0 + 2);
    }),
                 Conflict);
}

TEST_P(OutreachStore, ProspectJobsRoundTripTheirKindAndIds) {
    auto job = prospectJob(ann_, 5);
    for (auto found : {findJob(job.id), *store_->read([&](Repositories& r) {
                           return r.jobs().findByProspect(ann_.id);
                       })}) {
        EXPECT_EQ(found.id, job.id);
        EXPECT_EQ(found.kind, JobKind::Prospect);
        EXPECT_EQ(found.prospectId, ann_.id);
        EXPECT_EQ(found.campaignId, campaign_.id);
        EXPECT_EQ(found.organisationId, org_.id);
        EXPECT_EQ(found.leadId, "");
        EXPECT_EQ(found.projectId, "");
        EXPECT_EQ(found.leadMagnetUrl, "");
        EXPECT_EQ(found.status, JobStatus::Queued);
        EXPECT_EQ(found.nextStep, StepName::Research);
        EXPECT_EQ(found.maxRetries, 5);
        EXPECT_TRUE(found.steps.empty());
    }
    EXPECT_EQ(count("SELECT COUNT(*) FROM jobs WHERE lead_id IS NULL AND project_id IS NULL AND "
                    "lead_magnet_url IS NULL AND kind = 'prospect'"),
              1);
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.jobs().findByProspect("prs_none"); }));
    EXPECT_FALSE(store_->read([](Repositories& r) { return r.jobs().findByLead(""); }));
}

TEST_P(OutreachStore, AProspectJobIsResearchedThenScoredThenCompleted) {
    auto job = prospectJob(ann_);
    auto claimed = claim(StepName::Research, "w", kT0 + 1);
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].id, job.id);
    EXPECT_EQ(claimed[0].kind, JobKind::Prospect);
    EXPECT_EQ(claimed[0].status, JobStatus::ResearchRunning);

    ASSERT_TRUE(complete(job.id, StepName::Research, R"({"facts":["a"]})", kT0 + 2));
    auto researched = findJob(job.id);
    EXPECT_EQ(researched.nextStep, StepName::Score);
    EXPECT_EQ(researched.status, JobStatus::Scoring);
    EXPECT_FALSE(researched.leaseOwner);
    EXPECT_EQ(researched.runAfter, kT0 + 2);
    EXPECT_FALSE(researched.finishedAt);
    EXPECT_TRUE(claim(StepName::Content, "w", kT0 + 3).empty()) << "no content step for prospects";

    ASSERT_EQ(claim(StepName::Score, "w", kT0 + 3).size(), 1u);
    ASSERT_TRUE(complete(job.id, StepName::Score, R"({"score":80})", kT0 + 4));
    auto done = findJob(job.id);
    EXPECT_EQ(done.status, JobStatus::Completed);
    EXPECT_EQ(done.finishedAt, kT0 + 4);
    EXPECT_EQ(done.nextStep, StepName::Score);
    ASSERT_EQ(done.steps.size(), 2u);
    EXPECT_EQ(done.steps[0].name, StepName::Research);
    EXPECT_EQ(done.steps[0].outputJson, R"({"facts":["a"]})");
    EXPECT_EQ(done.steps[1].name, StepName::Score);
    EXPECT_EQ(done.steps[1].status, StepStatus::Completed);
    EXPECT_EQ(done.steps[1].outputJson, R"({"score":80})");
    EXPECT_EQ(done.step(StepName::Content), nullptr);
    EXPECT_FALSE(complete(job.id, StepName::Score, "{}", kT0 + 5)) << "no lease any more";
    // Step timings shown for lead magnets ignore prospect jobs.
    EXPECT_FALSE(store_->read(
        [](Repositories& r) { return r.jobs().typicalStepMillis(StepName::Research, 10); }));
}

TEST_P(OutreachStore, ResearchClaimsLeadMagnetsBeforeProspects) {
    // A prospect due long before a lead magnet: the lead magnet still goes first, since someone
    // polls for it, while prospects come in batches.
    auto waiting = prospectJob(add(campaign_, "cy@initech.com"));
    domain::Project project;
    project.id = domain::newId(domain::IdKind::Project);
    project.organisationId = org_.id;
    project.name = "Guides";
    project.createdAt = project.updatedAt = kT0;
    auto lead = lodestone::test::newLead(org_.id, project.id, kT0, "bo@example.com");
    auto magnet = lodestone::test::newJob(lead, kT0 + 50);
    store_->write([&](Repositories& r) {
        r.projects().insert(project);
        r.leads().insert(lead);
        r.jobs().insert(magnet);
    });
    auto claim = [&](int limit) {
        return store_->write([&](Repositories& r) {
            return r.jobQueue().claim(StepName::Research, "w", limit, kT0 + 100, kT0 + 60'000);
        });
    };
    auto first = claim(1);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].id, magnet.id);
    auto second = claim(5);
    ASSERT_EQ(second.size(), 1u);
    EXPECT_EQ(second[0].id, waiting.id);
}

TEST_P(OutreachStore, PageViewsCountTheFirstOnceAndLeadsAreFoundByAddress) {
    domain::Project project;
    project.id = domain::newId(domain::IdKind::Project);
    project.organisationId = org_.id;
    project.name = "Guides";
    project.createdAt = project.updatedAt = kT0;
    auto older = lodestone::test::newLead(org_.id, project.id, kT0, "Bo@Example.com");
    auto newer = lodestone::test::newLead(org_.id, project.id, kT0 + 1, "bo@example.com");
    auto other = lodestone::test::newLead(org_.id, project.id, kT0 + 2, "cy@example.com");
    store_->write([&](Repositories& r) {
        r.projects().insert(project);
        for (const auto& lead : {older, newer, other}) r.leads().insert(lead);
    });
    auto activity = [&](const std::string& id) {
        return store_->read([&](Repositories& r) { return r.leads().activity(id); });
    };
    EXPECT_EQ(activity(older.id).views, 0);
    EXPECT_FALSE(activity(older.id).firstViewedAt);

    auto view = [&](domain::Timestamp at) {
        return store_->write([&](Repositories& r) { return r.leads().recordView(older.id, at); });
    };
    EXPECT_TRUE(view(kT0 + 10));
    EXPECT_FALSE(view(kT0 + 20));
    EXPECT_FALSE(view(kT0 + 30));
    store_->write([&](Repositories& r) { r.leads().recordCtaClick(older.id, kT0 + 40); });
    auto seen = activity(older.id);
    EXPECT_EQ(seen.views, 3);
    EXPECT_EQ(seen.firstViewedAt, kT0 + 10);
    EXPECT_EQ(seen.lastViewedAt, kT0 + 30);
    EXPECT_EQ(seen.ctaClicks, 1);
    EXPECT_EQ(seen.lastCtaClickAt, kT0 + 40);
    EXPECT_EQ(activity("lead_none").views, 0);

    auto withEmail = store_->read(
        [&](Repositories& r) { return r.leads().withEmail(org_.id, "bo@example.com"); });
    ASSERT_EQ(withEmail.size(), 2u);
    EXPECT_EQ(withEmail[0].id, newer.id);
    EXPECT_EQ(withEmail[1].id, older.id);
    EXPECT_TRUE(store_
                    ->read([&](Repositories& r) {
                        return r.leads().withEmail("org_other", "bo@example.com");
                    })
                    .empty());
}
