// The records without a life cycle of their own, the operator's changes, and provisioned
// records by name. Jobs and deliveries, which workers claim, are in FactoryClaims.cpp.
#include "support/Factory.hpp"

#include <Poco/JSON/Object.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "domain/Clock.hpp"
#include "domain/Email.hpp"
#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "domain/Random.hpp"
#include "domain/Secrets.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::test {
namespace {

using domain::IdKind;
using domain::newId;
using storage::Repositories;

std::string nameOrId(const std::string& name, const std::string& id) {
    return name.empty() ? id : name;
}

std::string json(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

template <typename Record>
Record found(std::optional<Record> record, const std::string& what) {
    if (!record) throw std::invalid_argument("no " + what);
    return std::move(*record);
}

}  // namespace

domain::Organisation Factory::organisation(const OrganisationSpec& spec) {
    const auto now = domain::SystemClock().now();
    domain::Organisation organisation;
    organisation.id = newId(IdKind::Organisation);
    organisation.name = nameOrId(spec.name, organisation.id);
    organisation.createdAt = organisation.updatedAt = now;
    return store_.write([&](Repositories& repositories) {
        repositories.organisations().insert(organisation);
        // Granted, as provisioning grants initial_credits: the ledger accounts for the balance.
        if (spec.credits > 0) {
            organisation.credits = repositories.organisations().changeCredits(
                {organisation.id, spec.credits, storage::CreditReason::Grant, std::nullopt, now});
        }
        return organisation;
    });
}

domain::Project Factory::project(const domain::Organisation& organisation,
                                 const ProjectSpec& spec) {
    const auto now = domain::SystemClock().now();
    domain::Project project;
    project.id = newId(IdKind::Project);
    project.organisationId = organisation.id;
    project.name = nameOrId(spec.name, project.id);
    project.leadMagnetHost = spec.leadMagnetHost;
    project.creditsPerGeneration = spec.creditsPerGeneration;
    project.createdAt = project.updatedAt = now;
    store_.write([&](Repositories& repositories) { repositories.projects().insert(project); });
    return project;
}

domain::Campaign Factory::campaign(const domain::Organisation& organisation,
                                   const CampaignSpec& spec) {
    const auto now = domain::SystemClock().now();
    domain::Campaign campaign;
    campaign.id = newId(IdKind::Campaign);
    campaign.organisationId = organisation.id;
    campaign.name = nameOrId(spec.name, campaign.id);
    campaign.webhookUrl = spec.webhookUrl;
    campaign.calendarUrl = spec.calendarUrl;
    campaign.webhookSecret = domain::newWebhookSecret();
    campaign.icpJson = spec.icpJson;
    campaign.sequenceJson = spec.sequenceJson;
    campaign.projectId = spec.projectId;
    campaign.createdAt = campaign.updatedAt = now;
    store_.write([&](Repositories& repositories) { repositories.campaigns().insert(campaign); });
    return campaign;
}

domain::Lead Factory::lead(const domain::Project& project, const LeadSpec& spec) {
    domain::Lead lead;
    lead.id = newId(IdKind::Lead);
    lead.organisationId = project.organisationId;
    lead.projectId = project.id;
    lead.email = spec.email;
    lead.fieldsJson = spec.fieldsJson;
    lead.createdAt = domain::SystemClock().now();
    if (lead.fieldsJson.empty()) {
        Poco::JSON::Object fields;
        fields.set("email", spec.email);
        lead.fieldsJson = json(fields);
    }
    // Where Generate Lead Magnet puts the page (leadmagnet::leadMagnetUrl).
    lead.leadMagnetUrl = project.leadMagnetHost ? *project.leadMagnetHost + "/" + lead.id
                                                : spec.publicUrl + "/m/" + lead.id;
    store_.write([&](Repositories& repositories) { repositories.leads().insert(lead); });
    return lead;
}

domain::Prospect Factory::prospect(const domain::Campaign& campaign, const ProspectSpec& spec) {
    const auto now = domain::SystemClock().now();
    domain::Prospect prospect;
    prospect.id = newId(IdKind::Prospect);
    prospect.organisationId = campaign.organisationId;
    prospect.campaignId = campaign.id;
    prospect.email = spec.email;
    prospect.emailKey = lowercase(spec.email);
    prospect.companyName = spec.companyName;
    prospect.contactName = spec.contactName;
    prospect.title = spec.title;
    prospect.domain = domain::companyDomainOf(spec.email);
    prospect.status = spec.status;
    prospect.score = spec.score;
    prospect.scoreJson = spec.scoreJson;
    prospect.bookingToken = domain::randomAlphanumeric(32);
    prospect.unsubscribeToken = domain::randomAlphanumeric(32);
    prospect.createdAt = prospect.updatedAt = now;
    // What Add Lead stores: the body as the client sent it.
    auto input = domain::orderedObject();
    input->set("companyName", spec.companyName);
    input->set("contactName", spec.contactName);
    input->set("email", spec.email);
    if (spec.title) input->set("title", *spec.title);
    if (spec.timezone) {
        auto contact = domain::orderedObject();
        contact->set("timezone", *spec.timezone);
        input->set("contact", contact);
    }
    prospect.inputJson = json(*input);
    store_.write([&](Repositories& repositories) { repositories.prospects().insert(prospect); });
    return prospect;
}

domain::Meeting Factory::meeting(const domain::Prospect& prospect, const MeetingSpec& spec) {
    domain::Meeting meeting;
    meeting.id = newId(IdKind::Meeting);
    meeting.campaignId = prospect.campaignId;
    meeting.prospectId = prospect.id;
    meeting.externalId = spec.externalId;
    meeting.scheduledAt = spec.scheduledAt;
    meeting.durationMinutes = spec.durationMinutes;
    meeting.title = spec.title;
    meeting.createdAt = domain::SystemClock().now();
    store_.write([&](Repositories& repositories) { repositories.meetings().insert(meeting); });
    return meeting;
}

void Factory::setCredits(const std::string& organisationId, std::int64_t credits) {
    store_.write([&](Repositories& repositories) {
        auto organisation = found(repositories.organisations().find(organisationId),
                                  "organisation " + organisationId);
        repositories.organisations().changeCredits({organisationId, credits - organisation.credits,
                                                    storage::CreditReason::Adjustment, std::nullopt,
                                                    domain::SystemClock().now()});
    });
}

void Factory::setWebhookUrl(const std::string& campaignId, const std::string& url) {
    store_.write([&](Repositories& repositories) {
        auto campaign = found(repositories.campaigns().find(campaignId), "campaign " + campaignId);
        campaign.webhookUrl = url;
        campaign.updatedAt = domain::SystemClock().now();
        repositories.campaigns().update(campaign);
    });
}

domain::Organisation Factory::organisationNamed(const std::string& name) {
    return store_.read([&](Repositories& repositories) {
        return found(repositories.organisations().findByName(name), "organisation " + name);
    });
}

domain::Project Factory::projectNamed(const std::string& organisation, const std::string& name) {
    const auto owner = organisationNamed(organisation);
    return store_.read([&](Repositories& repositories) {
        return found(repositories.projects().findByName(owner.id, name),
                     "project " + name + " of " + organisation);
    });
}

domain::Campaign Factory::campaignNamed(const std::string& organisation, const std::string& name) {
    const auto owner = organisationNamed(organisation);
    return store_.read([&](Repositories& repositories) {
        return found(repositories.campaigns().findByName(owner.id, name),
                     "campaign " + name + " of " + organisation);
    });
}

}  // namespace lodestone::test
