#include "outreach/SequenceLifecycle.hpp"

#include "domain/Email.hpp"
#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::ProspectStatus;

// Emails may still go (qualified, in_sequence) or have gone (completed): a reply to the last
// email, or an unsubscribe from it, still stops the prospect and is still recorded.
const std::vector<ProspectStatus> kStoppableFrom = {
    ProspectStatus::Qualified, ProspectStatus::InSequence, ProspectStatus::Completed};

void schedule(storage::Repositories& repositories, const domain::Prospect& prospect,
              const Sequence& sequence, int step, domain::Timestamp now) {
    domain::EmailSend send;
    send.id = domain::newId(domain::IdKind::EmailSend);
    send.organisationId = prospect.organisationId;
    send.campaignId = prospect.campaignId;
    send.prospectId = prospect.id;
    send.step = step;
    send.status = domain::EmailSendStatus::Pending;
    send.dueAt = now + sequence.steps[static_cast<std::size_t>(step)].delay.count();
    send.messageId = messageIdFor(send.id, sequence.from.address);
    send.createdAt = now;
    send.updatedAt = now;
    repositories.emailSends().insert(send);
}

std::string suppressedDetail(const domain::Suppression& suppression) {
    std::string why;
    switch (suppression.reason) {
        case domain::SuppressionReason::Unsubscribed:
            why = "the address unsubscribed";
            break;
        case domain::SuppressionReason::Bounced:
            why = "the address hard-bounced";
            break;
        case domain::SuppressionReason::Added:
            why = suppression.kind == domain::SuppressionKind::Domain
                      ? "the domain " + suppression.domain.value_or("") + " is on the list"
                      : "the address is on the list";
            if (suppression.addedBy) why += " (added by " + *suppression.addedBy + ")";
            break;
        case domain::SuppressionReason::Erased:
            why = "the address's person was erased";
            break;
    }
    if (suppression.campaignId) why += " (campaign " + *suppression.campaignId + ")";
    return "suppressed: " + why + "; this organisation never emails it again";
}

// Unsubscribes and bounces keep the status they always had; an entry added to the list, or
// left by an erasure, ends the sequence (completed) with its history saying which entry did.
ProspectStatus statusFor(const domain::Suppression& suppression) {
    switch (suppression.reason) {
        case domain::SuppressionReason::Unsubscribed:
            return ProspectStatus::Unsubscribed;
        case domain::SuppressionReason::Bounced:
            return ProspectStatus::Bounced;
        default:
            return ProspectStatus::Completed;
    }
}

void suppress(storage::Repositories& repositories, const domain::Prospect& prospect,
              domain::SuppressionReason reason, const std::string& detail, domain::Timestamp now) {
    domain::Suppression suppression;
    suppression.organisationId = prospect.organisationId;
    suppression.address = prospect.emailKey;
    suppression.reason = reason;
    suppression.prospectId = prospect.id;
    suppression.campaignId = prospect.campaignId;
    suppression.detail = detail;
    suppression.createdAt = now;
    repositories.suppressions().add(suppression);
}

// What a prospect leaving its sequence tells subscribers: a reply, an unsubscribe, a bounce.
void publishStopped(storage::Repositories& repositories, const std::string& prospectId,
                    ProspectStatus to, const std::string& detail, domain::Timestamp now) {
    const char* type = to == ProspectStatus::Replied        ? "prospect.replied"
                       : to == ProspectStatus::Unsubscribed ? "prospect.unsubscribed"
                       : to == ProspectStatus::Bounced      ? "email.bounced"
                                                            : nullptr;
    if (!type) return;
    auto extra = domain::orderedObject();
    extra->set("detail", detail);
    events::publishAboutProspect(repositories, type, prospectId, now, extra);
}

}  // namespace

bool isInSequence(ProspectStatus status) {
    return status == ProspectStatus::Qualified || status == ProspectStatus::InSequence;
}

void enterSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                   const domain::Campaign& campaign, domain::Timestamp now) {
    if (!campaign.sequenceJson) return;
    if (auto suppression =
            repositories.suppressions().find(prospect.organisationId, prospect.emailKey)) {
        repositories.prospects().transition(prospect.id, {ProspectStatus::Qualified},
                                            statusFor(*suppression), now,
                                            suppressedDetail(*suppression));
        return;
    }
    std::optional<Sequence> sequence;
    try {
        sequence = Sequence::parse(*campaign.sequenceJson);
    } catch (const SequenceError&) {
        return;
    }
    schedule(repositories, prospect, *sequence, 0, now);
}

void advanceSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                     const Sequence& sequence, int sentStep, domain::Timestamp now) {
    const std::string detail = "email " + std::to_string(sentStep + 1) + " of " +
                               std::to_string(sequence.steps.size()) + " sent";
    const bool last = sentStep + 1 >= static_cast<int>(sequence.steps.size());
    if (last) {
        // Straight from qualified when the sequence has one step.
        repositories.prospects().transition(
            prospect.id, {ProspectStatus::Qualified, ProspectStatus::InSequence},
            ProspectStatus::Completed, now, detail + "; the sequence is complete");
        return;
    }
    bool moved = repositories.prospects().transition(prospect.id, {ProspectStatus::Qualified},
                                                     ProspectStatus::InSequence, now, detail);
    if (!moved) {
        auto current = repositories.prospects().find(prospect.id);
        if (!current || current->status != ProspectStatus::InSequence) return;
    }
    schedule(repositories, prospect, sequence, sentStep + 1, now);
}

bool stopSequence(storage::Repositories& repositories, const domain::Prospect& prospect,
                  ProspectStatus to, const std::string& detail, domain::Timestamp now,
                  bool announce) {
    if (!repositories.prospects().transition(prospect.id, kStoppableFrom, to, now, detail)) {
        return false;
    }
    repositories.emailSends().cancelPending(
        prospect.id, "the sequence stopped: " + std::string(domain::toString(to)), now);
    if (announce) publishStopped(repositories, prospect.id, to, detail, now);
    if (to == ProspectStatus::Unsubscribed) {
        suppress(repositories, prospect, domain::SuppressionReason::Unsubscribed, detail, now);
    } else if (to == ProspectStatus::Bounced) {
        suppress(repositories, prospect, domain::SuppressionReason::Bounced, detail, now);
    }
    return true;
}

void bounce(storage::Repositories& repositories, const domain::Prospect& prospect,
            const std::string& detail, domain::Timestamp now) {
    if (stopSequence(repositories, prospect, ProspectStatus::Bounced, detail, now)) return;
    repositories.emailSends().cancelPending(prospect.id, "the address bounced", now);
    suppress(repositories, prospect, domain::SuppressionReason::Bounced, detail, now);
}

void endSequenceEarly(storage::Repositories& repositories, const domain::Prospect& prospect,
                      const std::string& why, domain::Timestamp now) {
    repositories.prospects().transition(prospect.id, {ProspectStatus::InSequence},
                                        ProspectStatus::Completed, now, why);
}

void unsubscribe(storage::Repositories& repositories, const domain::Prospect& prospect,
                 const std::string& detail, domain::Timestamp now) {
    if (stopSequence(repositories, prospect, ProspectStatus::Unsubscribed, detail, now)) return;
    repositories.emailSends().cancelPending(prospect.id, "the prospect unsubscribed", now);
    suppress(repositories, prospect, domain::SuppressionReason::Unsubscribed, detail, now);
}

void stopSuppressed(storage::Repositories& repositories, const domain::Prospect& prospect,
                    const domain::Suppression& suppression, domain::Timestamp now) {
    const auto to = statusFor(suppression);
    if (to != ProspectStatus::Completed) {
        stopSequence(repositories, prospect, to,
                     "suppressed: the address " + std::string(domain::toString(to)) +
                         " in another campaign of this organisation",
                     now, false);
        return;
    }
    const std::string detail = suppressedDetail(suppression);
    if (!repositories.prospects().transition(
            prospect.id, {ProspectStatus::Qualified, ProspectStatus::InSequence},
            ProspectStatus::Completed, now, detail)) {
        return;
    }
    repositories.emailSends().cancelPending(prospect.id, detail, now);
}

int stopCovered(storage::Repositories& repositories, const domain::Suppression& suppression,
                domain::Timestamp now) {
    auto covered = suppression.kind == domain::SuppressionKind::Domain
                       ? repositories.prospects().atDomain(suppression.organisationId,
                                                           suppression.domain.value_or(""))
                       : repositories.prospects().withAddress(suppression.organisationId,
                                                              suppression.address.value_or(""));
    int stopped = 0;
    for (const auto& prospect : covered) {
        if (!isInSequence(prospect.status)) continue;
        stopSuppressed(repositories, prospect, suppression, now);
        ++stopped;
    }
    return stopped;
}

std::string messageIdFor(const std::string& sendId, const std::string& senderAddress) {
    std::string domain = domain::emailDomain(senderAddress);
    if (domain.empty()) domain = "lodestone.invalid";
    return "<" + sendId + "@" + domain + ">";
}

}  // namespace lodestone::outreach
