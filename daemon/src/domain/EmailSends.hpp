#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/Time.hpp"

namespace lodestone::domain {

// Where one scheduled email of a prospect's sequence stands. The database enforces the same set.
enum class EmailSendStatus {
    Pending,    // due now or later (or being sent)
    Sent,       // the SMTP server accepted it
    Failed,     // no attempt left, or a failure no retry can fix
    Bounced,    // the server refused the recipient for good (5xx to RCPT or DATA)
    Cancelled,  // the sequence stopped before it was sent (reply, meeting, unsubscribe, bounce)
};

std::string_view toString(EmailSendStatus status);
std::optional<EmailSendStatus> emailSendStatusFromString(std::string_view text);

// One step of a prospect's email sequence as leased work: due at a time the step's delay and the
// campaign's sending window allow, then sent, retried, or stopped. Its Message-ID is fixed when
// the row is made, so a message sent twice (the one duplicate a crash can cause, docs/outreach.md)
// is recognisably the same message, and replies can be matched to it.
struct EmailSend {
    std::string id;
    std::string organisationId;
    std::string campaignId;
    std::string prospectId;
    int step = 0;  // 0-based index into the campaign's sequence
    EmailSendStatus status = EmailSendStatus::Pending;
    Timestamp dueAt = 0;
    int attemptCount = 0;   // attempts started, including one in flight
    std::string messageId;  // "<es_…@sender.domain>"
    std::optional<std::string> leaseOwner;
    std::optional<Timestamp> leaseExpiresAt;
    std::optional<Timestamp> sentAt;
    std::optional<std::string> lastError;  // why the last attempt failed, or why it was cancelled
    std::optional<std::string> smtpReply;  // the server's last reply, when there was one
    // "lead_magnet": held until the prospect's lead magnet is ready (its step links to it).
    std::optional<std::string> waitingFor = std::nullopt;
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
};

// Why an address is never emailed again by any campaign of its organisation.
enum class SuppressionReason { Unsubscribed, Bounced };

std::string_view toString(SuppressionReason reason);
std::optional<SuppressionReason> suppressionReasonFromString(std::string_view text);

struct Suppression {
    std::string organisationId;
    std::string emailKey;  // lowercased address
    SuppressionReason reason = SuppressionReason::Unsubscribed;
    std::optional<std::string> prospectId;  // the prospect through which it happened
    std::optional<std::string> campaignId;
    std::optional<std::string> detail;
    Timestamp createdAt = 0;
};

// A campaign's sending budget for one local day of its window's time zone: how many emails it
// started and when the next attempt may start: any attempt after the minimum gap, another email's
// first attempt not before the next day once the cap is spent (a retry is not another email).
struct SendingDay {
    std::string campaignId;
    Timestamp dayStart = 0;
    int sends = 0;
    std::optional<Timestamp> lastSendAt;
    Timestamp nextSendAt = 0;       // any attempt
    Timestamp nextFirstSendAt = 0;  // an email's first attempt
};

}  // namespace lodestone::domain
