#include "jobs/JobSubject.hpp"

namespace lodestone::jobs {

JobSubject claimSubject(storage::Repositories& repositories, const domain::Job& job,
                        domain::StepName step, domain::Timestamp now) {
    JobSubject subject;
    switch (job.kind) {
        case domain::JobKind::LeadMagnet:
            subject.lead = repositories.leads().find(job.leadId);
            break;
        case domain::JobKind::Prospect:
            if (step == domain::StepName::Research) {
                repositories.prospects().transition(job.prospectId,
                                                    {domain::ProspectStatus::Queued},
                                                    domain::ProspectStatus::Researching, now);
            }
            subject.prospect = repositories.prospects().find(job.prospectId);
            subject.campaign = repositories.campaigns().find(job.campaignId);
            break;
    }
    return subject;
}

}  // namespace lodestone::jobs
