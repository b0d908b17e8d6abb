#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::domain {

// Where a prospect stands in its campaign (documented in docs/api.md). The database enforces
// the same set.
enum class ProspectStatus {
    Queued,
    Researching,
    Scored,
    Qualified,
    Disqualified,
    InSequence,
    Replied,
    MeetingBooked,
    Completed,
    Bounced,
    Unsubscribed,
    Failed
};

std::string_view toString(ProspectStatus status);
std::optional<ProspectStatus> prospectStatusFromString(std::string_view text);
// Every status, in the order a prospect goes through them (listings' filters offer them so).
std::vector<ProspectStatus> everyProspectStatus();

// A lead added to a campaign: who it is, what the client sent, and how it scored.
struct Prospect {
    std::string id;
    std::string organisationId;
    std::string campaignId;
    std::string email;     // as sent
    std::string emailKey;  // lowercased: one prospect per address and campaign
    std::string companyName;
    std::string contactName;
    std::optional<std::string> title;
    std::optional<std::string> domain;  // sent, or derived from the email
    std::string inputJson;              // the checked body, as stored
    ProspectStatus status = ProspectStatus::Queued;
    std::optional<int> score;              // 0-100, once scored
    std::optional<std::string> scoreJson;  // the breakdown and reasons
    std::string bookingToken;              // the secret in its calendar link (/b/{token})
    std::string unsubscribeToken;          // the secret in its unsubscribe link (/u/{token})
    std::optional<std::string> error;      // why it failed
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
};

// The prospect as a lead-magnet lead, under the spec's Generate Lead Magnet names: email, fullName,
// company, domain, title, phone, linkedInUrl, companyLinkedInUrl, industry and companySize (from
// company.employeeRange, else employeeCount), from the prospect and its Add Lead `body`. Research
// plugins read a prospect so, and a campaign's lead magnet is made from it.
Poco::JSON::Object::Ptr leadFieldsOf(const Prospect& prospect, const Poco::JSON::Object& body);

// One entry of a prospect's history.
struct ProspectTransition {
    ProspectStatus status = ProspectStatus::Queued;
    Timestamp at = 0;
    std::optional<std::string> detail;
};

// A meeting a prospect booked through the campaign's calendar.
struct Meeting {
    std::string id;
    std::string campaignId;
    std::string prospectId;
    std::optional<std::string> externalId;  // the calendar's booking id
    std::string scheduledAt;                // ISO 8601 UTC, "2026-12-01T15:00:00Z"
    int durationMinutes = 0;
    std::string title;
    Timestamp createdAt = 0;
    // Where the booking came from: "calcom" or "calendly" (their webhooks, docs/calendars.md);
    // none: the meetings route.
    std::optional<std::string> source = std::nullopt;
    std::optional<Timestamp> cancelledAt = std::nullopt;  // none: still on
    std::optional<Timestamp> updatedAt = std::nullopt;    // last rescheduled or cancelled
};

// An event waiting in the outbox for webhook delivery, written in the transaction that caused
// it. Its id is the `webhook-id` receivers deduplicate by.
// It goes to a campaign's webhook URL (meeting_booked, as the spec says) or to one endpoint
// subscribed to its event type (docs/events.md): exactly one of the two is set.
struct OutboxEvent {
    std::string id;
    std::string organisationId;
    std::optional<std::string> campaignId;
    std::string event;        // "meeting_booked", "lead.created", …
    std::string payloadJson;  // the payload without `timestamp`, set per attempt
    Timestamp createdAt = 0;
    std::optional<std::string> endpointId = std::nullopt;
};

}  // namespace lodestone::domain
