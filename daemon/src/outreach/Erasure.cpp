#include "outreach/Erasure.hpp"

#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "storage/AuditLogRepository.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::outreach {

bool isErased(const domain::Prospect& prospect) {
    return prospect.emailKey.starts_with("erased:");
}

storage::ErasureCounts erase(storage::Repositories& repositories, const domain::Prospect& prospect,
                             const std::string& actor, domain::Timestamp now) {
    const auto counts =
        repositories.erasure().erasePerson(prospect.organisationId, prospect.emailKey, now);
    repositories.suppressions().keepOnlyHash(prospect.organisationId, prospect.emailKey, now);
    // That it happened and what it removed, never whom: the subject is the campaign.
    repositories.auditLog().append(
        {domain::newId(domain::IdKind::AuditEntry), prospect.organisationId, actor,
         "prospect.erase", prospect.campaignId,
         "Erased a person's data: " + std::to_string(counts.prospects) + " prospect(s), " +
             std::to_string(counts.leads) + " lead(s), " + std::to_string(counts.emailSends) +
             " email(s), " + std::to_string(counts.webhookEvents) + " event(s)",
         now});
    return counts;
}

Poco::JSON::Object::Ptr renderErasure(const storage::ErasureCounts& counts) {
    auto out = domain::orderedObject();
    out->set("prospects", counts.prospects);
    out->set("leads", counts.leads);
    out->set("researchFindings", counts.researchFindings);
    out->set("emailSends", counts.emailSends);
    out->set("meetings", counts.meetings);
    out->set("webhookEvents", counts.webhookEvents);
    out->set("auditEntries", counts.auditEntries);
    out->set("idempotentResponses", counts.idempotentResponses);
    out->set("importRejections", counts.importRejections);
    return out;
}

}  // namespace lodestone::outreach
