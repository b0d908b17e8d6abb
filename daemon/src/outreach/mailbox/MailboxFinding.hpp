#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lodestone::outreach {

// What one message in the reply-to mailbox says about our outreach: whether a prospect replied
// (which ends their sequence), answered automatically (which does not: an out-of-office must not
// stop a sequence), or whether one of our emails bounced or is delayed, and which of our emails
// it concerns.
struct MailboxFinding {
    enum class Kind {
        Reply,      // a person answered: In-Reply-To or References name a message
        AutoReply,  // an automatic answer (RFC 3834 Auto-Submitted, X-Autoreply, Precedence)
        Bounce,     // a delivery status notification reporting a permanent failure
        Delayed,    // a delivery status notification reporting a delay (the MTA keeps trying)
        Other,      // anything else, a delivery report of success included
    };
    Kind kind = Kind::Other;
    // The message ids ("<...>") that may be ours, in order, each once: In-Reply-To then
    // References for replies; for a delivery report the Message-ID, In-Reply-To and References
    // of the returned original (message/rfc822 or text/rfc822-headers part), then those of the
    // report itself. The caller looks them up among the ids it sent.
    std::vector<std::string> messageIds;
    // Delivery reports: the recipient that failed or is delayed (Final-Recipient, else
    // Original-Recipient), lowercased.
    std::optional<std::string> recipient;
    std::optional<std::string> from;  // the From address, lowercased
    std::string status;               // delivery reports: "5.1.1"; otherwise empty
    // One line for the prospect's history: "reply from grace@example.org: Re: a question",
    // "bounced: 5.1.1 (user unknown) reported by mailer-daemon@example.org". Well-formed UTF-8
    // without control characters, at most about 300 bytes.
    std::string summary;
};

// Reads one raw message (RFC 5322, as POP3 RETR returns it) and says what it means for our
// outreach. Pure and total: any bytes at all give a finding (Other when unreadable), in time
// linear in their length, without throwing.
//
// The order of the rules matters: a delivery status notification (multipart/report;
// report-type=delivery-status) is read as one first, since MTAs mark bounces Auto-Submitted
// (RFC 3464, RFC 3834); then automatic replies; then replies, which must name at least one
// message id.
MailboxFinding readMailboxMessage(const std::string& rawMessage);

const char* kindName(MailboxFinding::Kind kind);  // "reply", "auto_reply", "bounce", ...

}  // namespace lodestone::outreach
