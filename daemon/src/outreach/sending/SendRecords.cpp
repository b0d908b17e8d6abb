#include "outreach/sending/SendRecords.hpp"

#include "domain/JsonValues.hpp"
#include "domain/Time.hpp"
#include "events/EventSubjects.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::outreach {
namespace {

using domain::EmailSendStatus;
using domain::ProspectStatus;

std::string stepName(const domain::EmailSend& send) {
    return "email " + std::to_string(send.step + 1);
}

}  // namespace

work::Recorded recordSendAttempt(storage::Repositories& repositories, const SendSettings& settings,
                                 const SendAttempt& attempt, const Sequence* sequence,
                                 work::Timestamp now) {
    const auto& send = *attempt.send;
    storage::SendAttemptEnd end;
    end.sendId = send.id;
    end.owner = attempt.owner;
    end.number = send.attemptCount;
    end.at = now;
    end.smtpReply = attempt.smtpReply;
    switch (attempt.result) {
        case SendAttempt::Result::Sent:
            end.status = EmailSendStatus::Sent;
            break;
        case SendAttempt::Result::Bounced:
            end.status = EmailSendStatus::Bounced;
            end.error = attempt.detail;
            break;
        case SendAttempt::Result::Failed:
            end.error = attempt.detail;
            end.retryAt =
                attempt.retryable
                    ? settings.retries.retryAt(send.attemptCount - 1, settings.maxAttempts - 1, now)
                    : std::nullopt;
            end.status = end.retryAt ? EmailSendStatus::Pending : EmailSendStatus::Failed;
            break;
    }

    work::Recorded recorded;
    recorded.held = repositories.emailSendQueue().finishAttempt(end);
    if (!recorded.held) return recorded;
    recorded.retryAt = end.retryAt;

    // What happened to the prospect meanwhile decides what happens next: each change below is
    // guarded by the prospect's status.
    auto prospect = repositories.prospects().find(send.prospectId);
    if (!prospect) return recorded;
    switch (end.status) {
        case EmailSendStatus::Sent: {
            recorded.note = "sent: " + attempt.detail;
            if (sequence) advanceSequence(repositories, *prospect, *sequence, send.step, now);
            auto email = domain::orderedObject();
            email->set("id", send.id);
            email->set("step", send.step + 1);
            email->set("messageId", send.messageId);
            email->set("sentAt", domain::isoUtc(now));
            auto extra = domain::orderedObject();
            extra->set("email", email);
            events::publishAboutProspect(repositories, "email.sent", prospect->id, now, extra);
            break;
        }
        case EmailSendStatus::Bounced:
            bounce(repositories, *prospect, stepName(send) + " bounced: " + attempt.detail, now);
            break;
        case EmailSendStatus::Failed: {
            const std::string why = stepName(send) + " could not be sent after " +
                                    std::to_string(send.attemptCount) + " attempt" +
                                    (send.attemptCount == 1 ? "" : "s") + ": " + attempt.detail;
            if (repositories.prospects().transition(
                    prospect->id, {ProspectStatus::Qualified, ProspectStatus::InSequence},
                    ProspectStatus::Failed, now, why)) {
                repositories.emailSends().cancelPending(prospect->id, why, now);
                auto extra = domain::orderedObject();
                extra->set("error", why);
                events::publishAboutProspect(repositories, "lead.failed", prospect->id, now, extra);
            }
            break;
        }
        case EmailSendStatus::Pending:
        case EmailSendStatus::Cancelled:
            break;
    }
    return recorded;
}

}  // namespace lodestone::outreach
