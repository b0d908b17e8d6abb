#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include "domain/Ids.hpp"
#include "domain/Time.hpp"
#include "jobs/JobHandler.hpp"
#include "jobs/JobTable.hpp"
#include "leadmagnet/steps/LeadMagnetJobs.hpp"
#include "outreach/steps/ProspectJobs.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "support/Records.hpp"
#include "unit/storage/StoreFixture.hpp"
#include "unit/work/WorkTestSupport.hpp"

namespace lodestone::jobs::test {

using work::test::deadPid;
using work::test::eventually;
using work::test::localOwnerWithPid;

// A migrated store holding an organisation with credits and a project, and jobs that hold a
// charge taken from that organisation, as Generate Lead Magnet leaves them. The job kinds are the
// daemon's own handlers (without plugins: nothing here runs a step), so what a job failing for
// good does (a refund, a failed prospect) is the real thing.
class JobStoreFixture : public storage::test::StoreFixture {
  protected:
    static constexpr std::int64_t kInitialCredits = 10;
    static constexpr std::int64_t kCharge = 2;

    void SetUp() override {
        StoreFixture::SetUp();
        leadMagnets_ =
            std::make_unique<leadmagnet::LeadMagnetJobs>(*store_, clock_, nullptr, nullptr);
        prospects_ = std::make_unique<outreach::ProspectJobs>(nullptr, clock_);
        handlers_.add(*leadMagnets_);
        handlers_.add(*prospects_);
        auto t0 = clock_.now();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", kInitialCredits, t0, t0};
        project_.id = domain::newId(domain::IdKind::Project);
        project_.organisationId = org_.id;
        project_.name = "Guides";
        project_.createdAt = project_.updatedAt = t0;
        store_->write([&](storage::Repositories& r) {
            r.organisations().insert(org_);
            r.projects().insert(project_);
        });
    }

    // A queued job at `step`, due now, holding kCharge credits of the organisation.
    domain::Job addJob(domain::StepName step = domain::StepName::Research, int retryCount = 0,
                       int maxRetries = 3) {
        auto now = clock_.now();
        auto lead = lodestone::test::newLead(org_.id, project_.id, now);
        auto job = lodestone::test::newJob(lead, now);
        job.nextStep = step;
        job.retryCount = retryCount;
        job.maxRetries = maxRetries;
        job.creditsCharged = kCharge;
        store_->write([&](storage::Repositories& r) {
            r.organisations().changeCredits(
                {org_.id, -kCharge, storage::CreditReason::Generation, job.id, now});
            r.leads().insert(lead);
            r.jobs().insert(job);
        });
        return job;
    }

    // Claims `job` (it must be the only one due for its step) for `owner`, leased until now +
    // `lease` (negative: a lease that has already run out).
    domain::Job claim(const domain::Job& job, const std::string& owner,
                      std::chrono::milliseconds lease = std::chrono::minutes(5)) {
        auto now = clock_.now();
        auto claimed = store_->write([&](storage::Repositories& r) {
            return r.jobQueue().claim(job.nextStep, owner, 10, now, now + lease.count());
        });
        if (claimed.size() != 1 || claimed[0].id != job.id) {
            throw std::runtime_error("expected to claim exactly job " + job.id);
        }
        return claimed[0];
    }

    domain::Job find(const std::string& id) {
        auto job = store_->read([&](storage::Repositories& r) { return r.jobs().find(id); });
        if (!job) throw std::runtime_error("no job " + id);
        return *job;
    }

    std::int64_t balance() {
        return store_->read(
            [&](storage::Repositories& r) { return r.organisations().find(org_.id)->credits; });
    }

    std::int64_t refunds(const std::string& jobId) {
        return count(
            "SELECT COUNT(*) FROM credit_transactions WHERE reason = 'refund' AND "
            "job_id = '" +
            jobId + "'");
    }

    domain::Organisation org_;
    domain::Project project_;
    std::unique_ptr<leadmagnet::LeadMagnetJobs> leadMagnets_;
    const domain::SystemClock clock_;
    std::unique_ptr<outreach::ProspectJobs> prospects_;
    JobHandlers handlers_;
};

}  // namespace lodestone::jobs::test
