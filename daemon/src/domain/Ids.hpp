#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace lodestone::domain {

// What an identifier names. The prefixes follow the spec where it shows them; a project id is
// 32 lowercase alphanumerics, as in the spec's examples.
// WebhookEvent ids are the `webhook-id` of deliveries.
enum class IdKind {
    Organisation,
    ApiKey,
    Project,
    Campaign,
    Lead,
    Job,
    Prospect,
    Meeting,
    WebhookEvent,
    EmailSend,
    Operator,
    AuditEntry,
    WebhookEndpoint,
    LeadImport,
    Suppression
};

// A fresh identifier, URL-safe by construction: for projects 32 random characters of [a-z0-9]
// (about 165 bits); for the other kinds the prefix and 24 characters of [a-z0-9], of which the
// first 9 are the time it was made (milliseconds since the epoch in base 36) and the other 15
// random (about 77 bits, as unguessable as a version 7 UUID). Identifiers made together sort
// together, so a burst of creates adds to the same index pages rather than to a random page
// each, which in a shared transaction is most of what its commit writes.
std::string newId(IdKind kind);

// As newId, made at `millisSinceEpoch`. The system clock's time, not domain::Clock's: it only
// places the id in an index, and no rule reads it back.
std::string newId(IdKind kind, std::int64_t millisSinceEpoch);

// True when `id` has the shape newId(kind) produces; used to reject garbage early.
bool looksLikeId(IdKind kind, std::string_view id);

}  // namespace lodestone::domain
