// Jobs and webhook deliveries: the records workers claim, built through the claims and outcomes
// the workers record.
#include <algorithm>
#include <stdexcept>

#include "domain/Clock.hpp"
#include "domain/Ids.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "support/Factory.hpp"
#include "support/Records.hpp"

namespace lodestone::test {
namespace {

using domain::StepName;
using domain::Timestamp;
using storage::Repositories;

constexpr Timestamp kLeaseMillis = 60'000;

std::string named(StepName step) {
    return std::string(domain::toString(step));
}

domain::Job current(Repositories& repositories, const std::string& jobId) {
    auto job = repositories.jobs().find(jobId);
    if (!job) throw std::invalid_argument("no job " + jobId);
    return *job;
}

// Claims only ever take whatever is due first, so anything else due for the step first would be
// claimed instead: an error, whose exception rolls the whole transaction back.
void claim(Repositories& repositories, const std::string& jobId, StepName step,
           const std::string& owner, Timestamp now, Timestamp leaseUntil) {
    auto claimed = repositories.jobQueue().claim(step, owner, 1, now, leaseUntil);
    if (claimed.size() == 1 && claimed.front().id == jobId) return;
    throw std::logic_error(claimed.empty() ? "job " + jobId + " is not due for " + named(step)
                                           : "job " + claimed.front().id + " was due for " +
                                                 named(step) + " before job " + jobId);
}

// Who runs `step` of the job: the worker already running it, or else `owner`, claiming it.
std::string holder(Repositories& repositories, const std::string& jobId, StepName step,
                   const std::string& owner, Timestamp now, Timestamp leaseUntil) {
    const auto job = current(repositories, jobId);
    if (job.leaseOwner && job.nextStep == step) return *job.leaseOwner;
    claim(repositories, jobId, step, owner, now, leaseUntil);
    return owner;
}

void fail(Repositories& repositories, const std::string& jobId, StepName step,
          const std::string& owner, const JobState& state, Timestamp now,
          std::optional<Timestamp> retryAt) {
    storage::JobQueue::StepFailure failure;
    failure.jobId = jobId;
    failure.owner = owner;
    failure.step = step;
    failure.error = state.error;
    failure.now = now;
    failure.retryAt = retryAt;
    failure.retryable = state.retryable;
    if (!repositories.jobQueue().failStep(failure))
        throw std::logic_error("job " + jobId + " did not fail");
}

domain::Job moveJob(Repositories& repositories, const std::string& jobId, const JobState& state) {
    if (state.running && state.failed) {
        throw std::invalid_argument("a job's step is running or has failed, not both");
    }
    // Every step of the way at one moment: a claim needs the job due (run_after <= now).
    const Timestamp now =
        std::max(domain::SystemClock().now(), current(repositories, jobId).runAfter);
    const Timestamp leaseUntil = now + kLeaseMillis;
    auto run = [&](StepName step) {
        return holder(repositories, jobId, step, state.leaseOwner, now, leaseUntil);
    };
    for (StepName step : state.completed) {
        if (!repositories.jobQueue().completeStep(jobId, run(step), step, "{}", now)) {
            throw std::logic_error("job " + jobId + " did not complete " + named(step));
        }
    }
    const StepName next = current(repositories, jobId).nextStep;
    for (int attempt = 0; attempt < state.retries; ++attempt) {
        fail(repositories, jobId, next, run(next), state, now, now);
    }
    if (state.running) {
        claim(repositories, jobId, *state.running, state.leaseOwner, now,
              state.leaseUntil.value_or(leaseUntil));
        if (state.progress > 0)
            repositories.jobQueue().reportProgress(jobId, state.leaseOwner, state.progress);
    } else if (state.failed) {
        fail(repositories, jobId, *state.failed, run(*state.failed), state, now, std::nullopt);
    }
    return current(repositories, jobId);
}

}  // namespace

domain::Job Factory::job(const domain::Lead& lead, const JobState& state) {
    return store_.write([&](Repositories& repositories) {
        auto project = repositories.projects().find(lead.projectId);
        if (!project) throw std::invalid_argument("no project " + lead.projectId);
        const auto now = domain::SystemClock().now();
        // As Generate Lead Magnet makes it (leadmagnet::startGeneration).
        auto job = newJob(lead, now);
        job.creditsCharged = project->creditsPerGeneration;
        if (job.creditsCharged > 0) {
            repositories.organisations().changeCredits({job.organisationId, -job.creditsCharged,
                                                        storage::CreditReason::Generation, job.id,
                                                        now});
        }
        repositories.jobs().insert(job);
        return moveJob(repositories, job.id, state);
    });
}

domain::Job Factory::job(const domain::Prospect& prospect, const JobState& state) {
    return store_.write([&](Repositories& repositories) {
        // As Add Lead makes it (outreach::addProspect).
        domain::Job job;
        job.id = domain::newId(domain::IdKind::Job);
        job.kind = domain::JobKind::Prospect;
        job.organisationId = prospect.organisationId;
        job.prospectId = prospect.id;
        job.campaignId = prospect.campaignId;
        job.runAfter = job.createdAt = job.updatedAt = domain::SystemClock().now();
        repositories.jobs().insert(job);
        return moveJob(repositories, job.id, state);
    });
}

domain::Job Factory::advance(const std::string& jobId, const JobState& state) {
    return store_.write(
        [&](Repositories& repositories) { return moveJob(repositories, jobId, state); });
}

void Factory::refund(const std::string& jobId) {
    store_.write([&](Repositories& repositories) {
        const auto job = current(repositories, jobId);
        const auto now = domain::SystemClock().now();
        // As leadmagnet::refundCharge: released once, so it is credited back once.
        const auto held = repositories.jobs().releaseCharge(jobId, now);
        if (held > 0) {
            repositories.organisations().changeCredits(
                {job.organisationId, held, storage::CreditReason::Refund, jobId, now});
        }
    });
}

void Factory::releaseCharge(const std::string& jobId) {
    store_.write([&](Repositories& repositories) {
        repositories.jobs().releaseCharge(jobId, domain::SystemClock().now());
    });
}

void Factory::expireLease(const std::string& jobId) {
    store_.write([&](Repositories& repositories) {
        const auto job = current(repositories, jobId);
        if (!job.leaseOwner) throw std::logic_error("job " + jobId + " holds no lease");
        // Renewed to end long ago: what a lease looks like once its worker stopped renewing it.
        repositories.jobLeases().renew(*job.leaseOwner, {jobId}, 1);
    });
}

domain::WebhookDelivery Factory::delivery(const domain::Campaign& campaign,
                                          const DeliverySpec& spec) {
    domain::OutboxEvent event;
    event.id = domain::newId(domain::IdKind::WebhookEvent);
    event.organisationId = campaign.organisationId;
    event.campaignId = campaign.id;
    event.event = spec.event;
    event.payloadJson = spec.payloadJson.empty() ? R"({"event":")" + spec.event +
                                                       R"(","campaignId":")" + campaign.id + "\"}"
                                                 : spec.payloadJson;
    event.createdAt = domain::SystemClock().now();
    if (spec.endpointId) {
        event.endpointId = spec.endpointId;
        event.campaignId.reset();
    }
    return store_.write([&](Repositories& repositories) {
        auto& deliveries = repositories.webhookDeliveries();
        deliveries.insert(event);
        if (spec.claimedBy) {
            const auto leaseUntil = spec.leaseUntil.value_or(event.createdAt + kLeaseMillis);
            auto claimed = repositories.webhookDeliveryQueue().claim(
                *spec.claimedBy, event.createdAt, leaseUntil, 1);
            if (claimed.size() != 1 || claimed.front().id != event.id) {
                throw std::logic_error("another delivery was due before " + event.id);
            }
        }
        return *deliveries.find(event.id);
    });
}

}  // namespace lodestone::test
