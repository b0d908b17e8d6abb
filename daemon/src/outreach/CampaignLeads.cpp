#include "outreach/CampaignLeads.hpp"

#include <sstream>

#include "domain/Ids.hpp"
#include "domain/Random.hpp"
#include "events/EventSubjects.hpp"
#include "storage/JobRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::outreach {
namespace {

// The booking link's secret: it is the only thing that ties a click to a prospect.
constexpr std::size_t kBookingTokenLength = 32;  // about 165 bits; unsubscribe tokens too

}  // namespace

DuplicateProspect::DuplicateProspect(domain::Prospect existing)
    : std::runtime_error("the campaign already has a prospect with email " + existing.email),
      existing_(std::move(existing)) {}

AddedProspect addProspect(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const CampaignLead& lead, int maxRetries, domain::Timestamp now) {
    if (auto existing = repositories.prospects().findByEmail(campaign.id, lead.emailKey)) {
        throw DuplicateProspect(*existing);
    }
    domain::Prospect prospect;
    prospect.id = domain::newId(domain::IdKind::Prospect);
    prospect.organisationId = campaign.organisationId;
    prospect.campaignId = campaign.id;
    prospect.email = lead.email;
    prospect.emailKey = lead.emailKey;
    prospect.companyName = lead.companyName;
    prospect.contactName = lead.contactName;
    prospect.title = lead.title;
    prospect.domain = lead.domain;
    std::ostringstream body;
    lead.stored->stringify(body);
    prospect.inputJson = body.str();
    prospect.status = domain::ProspectStatus::Queued;
    prospect.bookingToken = domain::randomAlphanumeric(kBookingTokenLength);
    prospect.unsubscribeToken = domain::randomAlphanumeric(kBookingTokenLength);
    prospect.createdAt = now;
    prospect.updatedAt = now;
    try {
        repositories.prospects().insert(prospect);
    } catch (const storage::Conflict&) {
        // Another request added the same address between our look and our insert.
        if (auto existing = repositories.prospects().findByEmail(campaign.id, lead.emailKey)) {
            throw DuplicateProspect(*existing);
        }
        throw;
    }

    domain::Job job;
    job.id = domain::newId(domain::IdKind::Job);
    job.kind = domain::JobKind::Prospect;
    job.organisationId = campaign.organisationId;
    job.prospectId = prospect.id;
    job.campaignId = campaign.id;
    job.status = domain::JobStatus::Queued;
    job.maxRetries = maxRetries;
    job.nextStep = domain::StepName::Research;
    job.runAfter = now;
    job.createdAt = now;
    job.updatedAt = now;
    repositories.jobs().insert(job);
    events::publish(repositories, events::prospectEvent("lead.created", prospect), now);
    return {std::move(prospect), std::move(job)};
}

std::string bookingUrl(const std::string& publicUrl, const domain::Prospect& prospect) {
    std::string base = publicUrl;
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base + "/b/" + prospect.bookingToken;
}

}  // namespace lodestone::outreach
