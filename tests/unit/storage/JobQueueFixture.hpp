#pragma once

// The job queue (the job engine's side of the jobs table), tested on every backend: a store
// holding an organisation and a project, and helpers that claim, complete and fail jobs as the
// engine's workers do.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "domain/Ids.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/Records.hpp"

namespace lodestone::storage::test {

using domain::JobStatus;
using domain::StepName;
using domain::StepStatus;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

class JobQueue : public OnEveryBackend<StoreFixture> {
  protected:
    static constexpr domain::Timestamp kT0 = 1'750'000'000'000;
    static constexpr domain::Timestamp kLease = 60'000;

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
        auto lead = lodestone::test::newLead(org_.id, project_.id, createdAt);
        auto job = lodestone::test::newJob(lead, createdAt);
        job.status = status;
        job.nextStep = step;
        job.runAfter = runAfter;
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
        return store_->write([&](Repositories& r) {
            return r.jobQueue().claim(step, owner, limit, now, now + kLease);
        });
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
            return r.jobQueue().completeStep(jobId, owner, step, output, now);
        });
    }

    bool fail(const storage::JobQueue::StepFailure& failure) {
        return store_->write([&](Repositories& r) { return r.jobQueue().failStep(failure); });
    }

    static std::vector<std::string> idsOf(const std::vector<domain::Job>& jobs) {
        std::vector<std::string> ids;
        for (const auto& job : jobs) ids.push_back(job.id);
        return ids;
    }

    static std::vector<std::string> idsOf(const std::vector<HeldLease>& leases) {
        std::vector<std::string> ids;
        for (const auto& lease : leases) ids.push_back(lease.id);
        return ids;
    }

    domain::Organisation org_;
    domain::Project project_;
};

}  // namespace lodestone::storage::test
