#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Why an address or domain is never emailed again by any campaign of its organisation: the
// address unsubscribed or hard-bounced, someone added the entry (an operator, lodestonectl or an
// API key: `addedBy` says which), or its person was erased and only its keyed hash is left.
enum class SuppressionReason { Unsubscribed, Bounced, Added, Erased };

std::string_view toString(SuppressionReason reason);
std::optional<SuppressionReason> suppressionReasonFromString(std::string_view text);

// One address, or a whole domain with its subdomains (docs/lists.md).
enum class SuppressionKind { Address, Domain };

std::string_view toString(SuppressionKind kind);

struct Suppression {
    std::string id;
    std::string organisationId;
    SuppressionKind kind = SuppressionKind::Address;
    // The lowercased address (kind Address): what an added entry is found by, through its keyed
    // hash; read back, nothing once its person has been erased.
    std::optional<std::string> address;
    std::optional<std::string> domain;  // lowercased (kind Domain)
    SuppressionReason reason = SuppressionReason::Unsubscribed;
    std::optional<std::string> addedBy;     // who added it (reason Added)
    std::optional<std::string> note;        // what they said about it
    std::optional<std::string> prospectId;  // the prospect through which it happened
    std::optional<std::string> campaignId;
    std::optional<std::string> detail;
    Timestamp createdAt = 0;
};

// The lowercased address, or the lowercased domain, as an entry is named in the API and the CLI
// ("ada@example.com", "example.com").
std::string suppressionEntry(const Suppression& suppression);

// True when the domain entry `domain` covers the lowercased `address`: its domain is `domain`
// or one of its subdomains ("ada@mail.example.com" is covered by "example.com").
bool domainCovers(std::string_view domain, std::string_view address);

// The domains whose entry would cover `address`, its own first: "ada@a.example.com" gives
// "a.example.com", "example.com" (never a lone top-level label, which no entry may be).
std::vector<std::string> coveringDomains(std::string_view address);

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
