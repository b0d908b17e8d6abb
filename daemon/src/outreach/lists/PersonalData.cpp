#include "outreach/lists/PersonalData.hpp"

#include <Poco/JSON/Array.h>

#include <algorithm>
#include <set>

#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "outreach/CampaignLeads.hpp"
#include "outreach/ProspectView.hpp"
#include "outreach/sending/EmailPreview.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/WebhookDeliveryRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::orNull;

constexpr int kEventsPerRead = 200;

Poco::Dynamic::Var storedJson(const std::string& json) {
    return domain::parseOrdered(json).value_or(Poco::Dynamic::Var(json));
}

// Lodestone keeps no copy of a message once the mailer took it: its subject and text are
// rendered again from the campaign's sequence as it is now (docs/lists.md says so).
Poco::JSON::Object::Ptr email(storage::Repositories& repositories, const domain::Campaign& campaign,
                              const domain::Prospect& prospect, const domain::EmailSend& send,
                              const std::string& publicUrl) {
    auto out = domain::orderedObject();
    out->set("step", send.step + 1);
    out->set("messageId", send.messageId);
    out->set("status", std::string(domain::toString(send.status)));
    out->set("scheduledAt", send.dueAt);
    out->set("sentAt", orNull(send.sentAt));
    out->set("smtpReply", orNull(send.smtpReply));
    try {
        const auto shown = previewEmail(repositories, campaign, prospect, send.step + 1, publicUrl);
        out->set("subject", shown.email.content.subject);
        out->set("text", shown.email.content.text);
        out->set("html", orNull(shown.email.content.html));
    } catch (const PreviewRefused&) {
        // The step is no longer in the campaign's sequence: what it said cannot be told.
        out->set("subject", Poco::Dynamic::Var());
        out->set("text", Poco::Dynamic::Var());
        out->set("html", Poco::Dynamic::Var());
    }
    return out;
}

Poco::JSON::Array::Ptr replies(const std::vector<domain::ProspectTransition>& history) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& transition : history) {
        if (transition.status != domain::ProspectStatus::Replied) continue;
        auto entry = domain::orderedObject();
        entry->set("at", transition.at);
        entry->set("detail", orNull(transition.detail));
        out->add(entry);
    }
    return out;
}

// Its own lead magnet and those made for its address in the organisation, each with the fields
// it was made from and its page as served.
Poco::JSON::Array::Ptr leadMagnets(storage::Repositories& repositories,
                                   const ProspectRecord& record) {
    std::vector<domain::Lead> leads;
    for (const auto& [lead, activity] : record.leadMagnets) leads.push_back(lead);
    if (record.leadMagnet) {
        const auto& own = record.leadMagnet->lead;
        const bool listed = std::any_of(leads.begin(), leads.end(),
                                        [&](const auto& lead) { return lead.id == own.id; });
        if (!listed) leads.push_back(own);
    }
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& lead : leads) {
        const auto activity = repositories.leads().activity(lead.id);
        auto entry = domain::orderedObject();
        entry->set("leadId", lead.id);
        entry->set("projectId", lead.projectId);
        entry->set("email", lead.email);
        entry->set("fields", storedJson(lead.fieldsJson));
        entry->set("url", lead.leadMagnetUrl);
        entry->set("page", orNull(repositories.leads().page(lead.id)));
        entry->set("views", activity.views);
        entry->set("firstViewedAt", orNull(activity.firstViewedAt));
        entry->set("lastViewedAt", orNull(activity.lastViewedAt));
        entry->set("ctaClicks", activity.ctaClicks);
        entry->set("createdAt", lead.createdAt);
        out->add(entry);
    }
    return out;
}

// Every event of the organisation whose payload names `id`, newest first, but those in `seen`
// already (an event may name both the prospect and its lead).
void addEventsMentioning(storage::Repositories& repositories, const std::string& organisationId,
                         const std::string& id, std::set<std::string>& seen,
                         Poco::JSON::Array& out) {
    storage::DeliveryFilter filter;
    filter.organisationId = organisationId;
    filter.mentioning = id;
    filter.limit = kEventsPerRead;
    while (true) {
        const auto deliveries = repositories.webhookDeliveries().list(filter);
        for (const auto& delivery : deliveries) {
            if (!seen.insert(delivery.id).second) continue;
            auto entry = domain::orderedObject();
            entry->set("id", delivery.id);
            entry->set("event", delivery.event);
            entry->set("campaignId", orNull(delivery.campaignId));
            entry->set("endpointId", orNull(delivery.endpointId));
            entry->set("createdAt", delivery.createdAt);
            entry->set("status", std::string(domain::toString(delivery.status)));
            entry->set("deliveredAt", orNull(delivery.deliveredAt));
            entry->set("payload", storedJson(delivery.payloadJson));
            out.add(entry);
        }
        if (deliveries.size() < static_cast<std::size_t>(kEventsPerRead)) return;
        filter.after = storage::PageStart{deliveries.back().createdAt, deliveries.back().id};
    }
}

Poco::Dynamic::Var suppression(storage::Repositories& repositories,
                               const domain::Prospect& prospect) {
    auto found = repositories.suppressions().find(prospect.organisationId, prospect.emailKey);
    if (!found) return {};
    auto out = domain::orderedObject();
    out->set("reason", std::string(domain::toString(found->reason)));
    out->set("detail", orNull(found->detail));
    out->set("campaignId", orNull(found->campaignId));
    out->set("prospectId", orNull(found->prospectId));
    out->set("createdAt", found->createdAt);
    return out;
}

}  // namespace

Poco::JSON::Object::Ptr personalData(
    storage::Repositories& repositories, const domain::Campaign& campaign,
    const std::string& prospectId, const std::string& publicUrl, domain::Timestamp now,
    const std::function<bool(const std::string&)>& projectVisible) {
    auto record = loadProspectRecord(repositories, campaign.id, prospectId);
    if (!record) return nullptr;
    if (projectVisible) keepVisibleLeadMagnets(*record, projectVisible);
    const auto& prospect = record->prospect;

    auto view = renderProspect(*record, bookingUrl(publicUrl, prospect));
    view->set("fields", storedJson(prospect.inputJson));

    Poco::JSON::Array::Ptr emails = new Poco::JSON::Array();
    for (const auto& send : record->emails) {
        emails->add(email(repositories, campaign, prospect, send, publicUrl));
    }
    const auto magnets = leadMagnets(repositories, *record);
    Poco::JSON::Array::Ptr events = new Poco::JSON::Array();
    std::set<std::string> seen;
    addEventsMentioning(repositories, prospect.organisationId, prospect.id, seen, *events);
    for (const auto& magnet : *magnets) {
        const auto lead = magnet.extract<Poco::JSON::Object::Ptr>();
        addEventsMentioning(repositories, prospect.organisationId,
                            lead->getValue<std::string>("leadId"), seen, *events);
    }

    auto out = domain::orderedObject();
    out->set("exportedAt", domain::isoUtc(now));
    out->set("email", prospect.email);
    out->set("prospect", view);
    out->set("emails", emails);
    out->set("replies", replies(record->history));
    out->set("leadMagnets", magnets);
    out->set("events", events);
    out->set("suppression", suppression(repositories, prospect));
    return out;
}

std::string personalDataFileName(const std::string& prospectId) {
    return "prospect-" + prospectId + "-data.json";
}

}  // namespace lodestone::outreach
