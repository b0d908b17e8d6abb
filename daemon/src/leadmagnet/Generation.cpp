#include "leadmagnet/Generation.hpp"

#include <sstream>

#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::leadmagnet {
namespace {

void charge(storage::Repositories& repositories, const domain::Project& project,
            const std::string& jobId, domain::Timestamp now) {
    if (project.creditsPerGeneration == 0) return;
    repositories.organisations().changeCredits({project.organisationId,
                                                -project.creditsPerGeneration,
                                                storage::CreditReason::Generation, jobId, now});
}

}  // namespace

std::string leadMagnetUrl(const domain::Project& project, const std::string& publicUrl,
                          const std::string& leadId) {
    if (project.leadMagnetHost) return *project.leadMagnetHost + "/" + leadId;
    return publicUrl + "/m/" + leadId;
}

StartedGeneration startGeneration(storage::Repositories& repositories,
                                  const GenerationRequest& request) {
    StartedGeneration started;
    domain::Lead& lead = started.lead;
    lead.id = domain::newId(domain::IdKind::Lead);
    lead.organisationId = request.project.organisationId;
    lead.projectId = request.project.id;
    lead.email = request.input.email();
    std::ostringstream fields;
    request.input.fields->stringify(fields);
    lead.fieldsJson = fields.str();
    lead.leadMagnetUrl = leadMagnetUrl(request.project, request.publicUrl, lead.id);
    lead.createdAt = request.now;
    lead.prospectId = request.prospectId;

    domain::Job& job = started.job;
    job.id = domain::newId(domain::IdKind::Job);
    job.leadId = lead.id;
    job.organisationId = lead.organisationId;
    job.projectId = lead.projectId;
    job.leadMagnetUrl = lead.leadMagnetUrl;
    job.status = domain::JobStatus::Queued;
    job.maxRetries = request.maxRetries;
    job.creditsCharged = request.project.creditsPerGeneration;
    job.runAfter = job.createdAt = job.updatedAt = request.now;
    if (request.researchJson) {
        domain::JobStep research;
        research.name = domain::StepName::Research;
        research.status = domain::StepStatus::Completed;
        research.startedAt = request.now;
        research.completedAt = request.now;
        research.progress = 100;
        research.outputJson = request.researchJson;
        job.steps.push_back(research);
        job.nextStep = domain::StepName::Content;
    }

    try {
        charge(repositories, request.project, job.id, request.now);
    } catch (const storage::InsufficientCredits& short_) {
        // The guarded update changed nothing, so the transaction goes on: a prospect's lead
        // magnet waits, failed, for credits and a retry rather than vanishing.
        if (!request.prospectId) throw;
        job.status = domain::JobStatus::Failed;
        job.creditsCharged = 0;
        job.error = std::string("no credits: ") + short_.what() +
                    "; add credits, then retry the lead magnet";
        job.finishedAt = request.now;
    }
    repositories.leads().insert(lead);
    repositories.jobs().insert(job);
    events::publish(repositories, events::leadEvent("lead.created", lead, job.id), request.now);
    if (job.status == domain::JobStatus::Failed) {
        auto why = domain::orderedObject();
        why->set("error", *job.error);
        why->set("step", std::string(domain::toString(job.nextStep)));
        events::publishAboutLead(repositories, "lead.failed", lead.id, job.id, request.now, why);
    }
    return started;
}

std::int64_t refundCharge(storage::Repositories& repositories, const domain::Job& job,
                          domain::Timestamp now) {
    std::int64_t held = repositories.jobs().releaseCharge(job.id, now);
    if (held > 0) {
        repositories.organisations().changeCredits(
            {job.organisationId, held, storage::CreditReason::Refund, job.id, now});
    }
    return held;
}

domain::Job retryGeneration(storage::Repositories& repositories, const domain::Job& job,
                            const domain::Project& project, domain::Timestamp now) {
    if (job.status != domain::JobStatus::Failed) {
        throw NotRetryable("only a failed job can be retried; this one is " +
                           std::string(domain::toString(job.status)));
    }
    if (!job.retryable) throw NotRetryable("this job failed in a way a retry cannot fix");
    // A failed job normally gave its credits back when it failed; if it still holds them, they
    // are returned first so the new charge replaces the old one rather than adding to it.
    refundCharge(repositories, job, now);
    // Guarded by the job's state, so two concurrent retries charge once.
    if (!repositories.jobs().requeueFailed(job.id, project.creditsPerGeneration, now)) {
        throw NotRetryable("the job is no longer failed");
    }
    charge(repositories, project, job.id, now);
    return *repositories.jobs().find(job.id);
}

}  // namespace lodestone::leadmagnet
