#pragma once

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
    WebhookEndpoint
};

// A fresh random identifier: prefix + 24 characters of [a-z0-9] (about 124 bits) for prefixed
// kinds, 32 characters (about 165 bits) for projects. URL-safe by construction.
std::string newId(IdKind kind);

// True when `id` has the shape newId(kind) produces; used to reject garbage early.
bool looksLikeId(IdKind kind, std::string_view id);

}  // namespace lodestone::domain
