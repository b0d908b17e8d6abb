#include "events/EventSubjects.hpp"

#include "domain/JsonValues.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::events {
namespace {

void append(Poco::JSON::Object::Ptr to, const Poco::JSON::Object::Ptr& extra) {
    if (!extra) return;
    for (const auto& name : extra->getNames()) to->set(name, extra->get(name));
}

}  // namespace

Poco::JSON::Object::Ptr prospectSubject(const domain::Prospect& prospect) {
    auto subject = domain::orderedObject();
    subject->set("id", prospect.id);
    subject->set("campaignId", prospect.campaignId);
    subject->set("companyName", prospect.companyName);
    subject->set("contactName", prospect.contactName);
    subject->set("email", prospect.email);
    subject->set("title", domain::orNull(prospect.title));
    subject->set("status", std::string(domain::toString(prospect.status)));
    subject->set("score",
                 prospect.score ? Poco::Dynamic::Var(*prospect.score) : Poco::Dynamic::Var());
    return subject;
}

Poco::JSON::Object::Ptr leadSubject(const domain::Lead& lead) {
    auto subject = domain::orderedObject();
    subject->set("id", lead.id);
    subject->set("projectId", lead.projectId);
    subject->set("email", lead.email);
    subject->set("leadMagnetUrl", lead.leadMagnetUrl);
    return subject;
}

LifecycleEvent prospectEvent(std::string type, const domain::Prospect& prospect,
                             Poco::JSON::Object::Ptr extra) {
    auto fields = domain::orderedObject();
    fields->set("campaignId", prospect.campaignId);
    fields->set("prospect", prospectSubject(prospect));
    append(fields, extra);
    return {std::move(type), prospect.organisationId, std::nullopt, fields};
}

LifecycleEvent leadEvent(std::string type, const domain::Lead& lead,
                         const std::optional<std::string>& jobId, Poco::JSON::Object::Ptr extra) {
    auto fields = domain::orderedObject();
    fields->set("projectId", lead.projectId);
    fields->set("lead", leadSubject(lead));
    fields->set("jobId", domain::orNull(jobId));
    append(fields, extra);
    return {std::move(type), lead.organisationId, lead.projectId, fields};
}

void publishAboutProspect(storage::Repositories& repositories, std::string type,
                          const std::string& prospectId, domain::Timestamp now,
                          Poco::JSON::Object::Ptr extra) {
    auto prospect = repositories.prospects().find(prospectId);
    if (!prospect) return;
    publish(repositories, prospectEvent(std::move(type), *prospect, std::move(extra)), now);
}

void publishAboutLead(storage::Repositories& repositories, std::string type,
                      const std::string& leadId, const std::optional<std::string>& jobId,
                      domain::Timestamp now, Poco::JSON::Object::Ptr extra) {
    auto lead = repositories.leads().find(leadId);
    if (!lead) return;
    publish(repositories, leadEvent(std::move(type), *lead, jobId, std::move(extra)), now);
}

}  // namespace lodestone::events
