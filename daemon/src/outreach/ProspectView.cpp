#include "outreach/ProspectView.hpp"

#include <Poco/JSON/Array.h>

#include <algorithm>

#include "domain/JsonValues.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::orNull;

// Stored JSON written by this daemon or a plugin; a value that does not parse shows as null
// rather than failing the whole view.
Poco::Dynamic::Var parsed(const std::optional<std::string>& json) {
    if (!json) return Poco::Dynamic::Var();
    return domain::parseOrdered(*json).value_or(Poco::Dynamic::Var());
}

Poco::JSON::Object::Ptr research(const std::optional<domain::Job>& job) {
    auto out = domain::orderedObject();
    const domain::JobStep* step = job ? job->step(domain::StepName::Research) : nullptr;
    if (!step) {
        out->set("status", "pending");
        return out;
    }
    out->set("status", std::string(domain::toString(step->status)));
    auto findings = parsed(step->outputJson);
    Poco::Dynamic::Var summary;
    if (findings.type() == typeid(Poco::JSON::Object::Ptr)) {
        summary = findings.extract<Poco::JSON::Object::Ptr>()->get("facts");
    }
    out->set("summary", summary);
    out->set("findings", findings);
    out->set("completedAt", orNull(step->completedAt));
    return out;
}

Poco::JSON::Object::Ptr icp(const domain::Prospect& prospect) {
    auto score = parsed(prospect.scoreJson);
    if (score.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return score.extract<Poco::JSON::Object::Ptr>();
}

Poco::JSON::Array::Ptr leadMagnets(
    const std::vector<std::pair<domain::Lead, domain::PageActivity>>& leads) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& [lead, activity] : leads) {
        auto entry = domain::orderedObject();
        entry->set("leadId", lead.id);
        entry->set("projectId", lead.projectId);
        entry->set("leadMagnetUrl", lead.leadMagnetUrl);
        entry->set("views", activity.views);
        entry->set("firstViewedAt", orNull(activity.firstViewedAt));
        entry->set("lastViewedAt", orNull(activity.lastViewedAt));
        entry->set("ctaClicks", activity.ctaClicks);
        entry->set("lastCtaClickAt", orNull(activity.lastCtaClickAt));
        entry->set("createdAt", lead.createdAt);
        out->add(entry);
    }
    return out;
}

Poco::Dynamic::Var ownLeadMagnet(const std::optional<ProspectRecord::OwnLeadMagnet>& magnet) {
    if (!magnet) return {};
    const auto& [lead, job, activity] = *magnet;
    auto out = domain::orderedObject();
    out->set("leadId", lead.id);
    out->set("jobId", job.id);
    out->set("projectId", lead.projectId);
    out->set("url", lead.leadMagnetUrl);
    const auto title = job.leadMagnetTitle();
    out->set("title", title.empty() ? Poco::Dynamic::Var() : Poco::Dynamic::Var(title));
    out->set("status", std::string(domain::toString(job.status)));
    out->set("error",
             job.status == domain::JobStatus::Failed ? orNull(job.error) : Poco::Dynamic::Var());
    out->set("canRetry", job.status == domain::JobStatus::Failed && job.retryable);
    out->set("views", activity.views);
    out->set("firstViewedAt", orNull(activity.firstViewedAt));
    out->set("lastViewedAt", orNull(activity.lastViewedAt));
    out->set("ctaClicks", activity.ctaClicks);
    out->set("lastCtaClickAt", orNull(activity.lastCtaClickAt));
    out->set("createdAt", lead.createdAt);
    return out;
}

Poco::JSON::Array::Ptr meetings(const std::vector<domain::Meeting>& meetings) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& meeting : meetings) {
        auto entry = domain::orderedObject();
        entry->set("id", meeting.id);
        entry->set("scheduledAt", meeting.scheduledAt);
        entry->set("duration", meeting.durationMinutes);
        entry->set("title", meeting.title);
        entry->set("externalId", orNull(meeting.externalId));
        entry->set("createdAt", meeting.createdAt);
        entry->set("status", meeting.cancelledAt ? "cancelled" : "booked");
        entry->set("source", orNull(meeting.source));
        entry->set("cancelledAt", orNull(meeting.cancelledAt));
        out->add(entry);
    }
    return out;
}

Poco::JSON::Array::Ptr emails(const std::vector<domain::EmailSend>& sends) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& send : sends) {
        auto entry = domain::orderedObject();
        entry->set("step", send.step + 1);
        entry->set("status", std::string(domain::toString(send.status)));
        entry->set("scheduledAt", send.dueAt);
        entry->set("sentAt", orNull(send.sentAt));
        entry->set("messageId", send.messageId);
        entry->set("attempts", send.attemptCount);
        entry->set("error", send.status == domain::EmailSendStatus::Sent ? Poco::Dynamic::Var()
                                                                         : orNull(send.lastError));
        entry->set("smtpReply", orNull(send.smtpReply));
        entry->set("waitingFor", orNull(send.waitingFor));
        out->add(entry);
    }
    return out;
}

Poco::JSON::Array::Ptr history(const std::vector<domain::ProspectTransition>& transitions) {
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array();
    for (const auto& transition : transitions) {
        auto entry = domain::orderedObject();
        entry->set("status", std::string(domain::toString(transition.status)));
        entry->set("at", transition.at);
        entry->set("detail", orNull(transition.detail));
        out->add(entry);
    }
    return out;
}

// The fields a listing shows too, in the same order.
Poco::JSON::Object::Ptr head(const domain::Prospect& prospect,
                             const Poco::JSON::Object::Ptr& scoring) {
    auto out = domain::orderedObject();
    out->set("id", prospect.id);
    out->set("campaignId", prospect.campaignId);
    out->set("status", std::string(domain::toString(prospect.status)));
    out->set("companyName", prospect.companyName);
    out->set("contactName", prospect.contactName);
    out->set("email", prospect.email);
    out->set("title", orNull(prospect.title));
    out->set("domain", orNull(prospect.domain));
    out->set("score", orNull(prospect.score));
    out->set("qualified", scoring ? scoring->get("qualified") : Poco::Dynamic::Var());
    return out;
}

}  // namespace

std::optional<ProspectRecord> loadProspectRecord(storage::Repositories& repositories,
                                                 const std::string& campaignId,
                                                 const std::string& prospectId) {
    auto prospect = repositories.prospects().find(prospectId);
    if (!prospect || prospect->campaignId != campaignId) return std::nullopt;
    ProspectRecord record{*prospect, std::nullopt, {}, {}, {}};
    record.job = repositories.jobs().findByProspect(prospect->id);
    record.history = repositories.prospects().history(prospect->id);
    record.meetings = repositories.meetings().listForProspect(prospect->id);
    record.emails = repositories.emailSends().listForProspect(prospect->id);
    for (auto& lead :
         repositories.leads().withEmail(prospect->organisationId, prospect->emailKey)) {
        auto activity = repositories.leads().activity(lead.id);
        record.leadMagnets.emplace_back(std::move(lead), activity);
    }
    if (auto lead = repositories.leads().findByProspect(prospect->id)) {
        if (auto job = repositories.jobs().findByLead(lead->id)) {
            auto activity = repositories.leads().activity(lead->id);
            record.leadMagnet =
                ProspectRecord::OwnLeadMagnet{std::move(*lead), std::move(*job), activity};
        }
    }
    return record;
}

void keepVisibleLeadMagnets(ProspectRecord& record,
                            const std::function<bool(const std::string&)>& visible) {
    std::erase_if(record.leadMagnets,
                  [&](const auto& magnet) { return !visible(magnet.first.projectId); });
    if (record.leadMagnet && !visible(record.leadMagnet->lead.projectId)) {
        record.leadMagnet.reset();
    }
}

std::optional<std::string> sequenceHeldBecause(const ProspectRecord& record) {
    const bool held = std::any_of(record.emails.begin(), record.emails.end(), [](const auto& send) {
        return send.status == domain::EmailSendStatus::Pending && send.waitingFor;
    });
    if (!held) return std::nullopt;
    if (!record.leadMagnet) return "waiting for its lead magnet";
    const auto& job = record.leadMagnet->job;
    if (job.status == domain::JobStatus::Failed) {
        return "paused: its lead magnet failed (" + job.error.value_or("unknown error") +
               "); retry the lead magnet and the email goes out once the page is ready";
    }
    return "waiting for its lead magnet (" + std::string(domain::toString(job.status)) + ")";
}

Poco::JSON::Object::Ptr renderProspectSummary(const domain::Prospect& prospect) {
    auto out = head(prospect, icp(prospect));
    out->set("error", orNull(prospect.error));
    out->set("createdAt", prospect.createdAt);
    out->set("updatedAt", prospect.updatedAt);
    return out;
}

Poco::JSON::Object::Ptr renderProspect(const ProspectRecord& record,
                                       const std::string& bookingUrl) {
    const auto& prospect = record.prospect;
    auto scoring = icp(prospect);
    auto out = head(prospect, scoring);
    out->set("icp", scoring ? Poco::Dynamic::Var(scoring) : Poco::Dynamic::Var());
    out->set("research", research(record.job));
    out->set("error", orNull(prospect.error));
    out->set("retryCount",
             record.job ? Poco::Dynamic::Var(record.job->retryCount) : Poco::Dynamic::Var());
    out->set("bookingUrl", bookingUrl);
    out->set("emails", emails(record.emails));
    out->set("leadMagnet", ownLeadMagnet(record.leadMagnet));
    out->set("sequenceHeld", orNull(sequenceHeldBecause(record)));
    out->set("meetings", meetings(record.meetings));
    out->set("leadMagnets", leadMagnets(record.leadMagnets));
    out->set("history", history(record.history));
    out->set("createdAt", prospect.createdAt);
    out->set("updatedAt", prospect.updatedAt);
    return out;
}

}  // namespace lodestone::outreach
