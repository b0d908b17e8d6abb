#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/ProjectSchema.hpp"
#include "domain/Time.hpp"

namespace lodestone::domain {

// A customer of the service: owns projects, campaigns, API keys and a credit balance.
struct Organisation {
    std::string id;
    std::string name;
    std::int64_t credits = 0;
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
};

// A lead-magnet project: what Generate Lead Magnet accepts and what each generation costs.
struct Project {
    std::string id;
    std::string organisationId;
    std::string name;
    ProjectSchema schema = ProjectSchema::defaults();
    std::optional<std::string> leadMagnetHost;  // e.g. "https://go.example.com"; else public_url/m
    std::int64_t creditsPerGeneration = 1;
    // Settings for the pipeline's plugins and the page (a JSON object): content templates under
    // "content", the page template under "page".
    std::string settingsJson = "{}";
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;
};

// An outreach campaign: how leads are scored, what they are emailed, where meeting_booked
// webhooks go.
struct Campaign {
    std::string id;
    std::string organisationId;
    std::string name;
    std::optional<std::string> webhookUrl;
    std::optional<std::string> calendarUrl;
    std::string webhookSecret;  // "whsec_…", signs webhook deliveries
    // The secret before the last rotation, still signing alongside until it expires, so that
    // receivers have time to switch.
    std::optional<std::string> previousWebhookSecret;
    std::optional<Timestamp> previousSecretExpiresAt;
    std::optional<std::string> icpJson;  // ICP criteria as given (YAML converted to JSON)
    // The email sequence qualified prospects receive (docs/outreach.md), as JSON; none: the
    // campaign sends no email and its qualified prospects wait.
    std::optional<std::string> sequenceJson;
    // What Cal.com and Calendly sign the bookings they report with (docs/calendars.md).
    std::optional<std::string> intakeSecret;
    // The project its qualified prospects' lead magnets are made in (docs/outreach.md); none: no
    // lead magnets, and a sequence may not use {{leadMagnetUrl}} or {{leadMagnetTitle}}.
    std::optional<std::string> projectId = std::nullopt;
    // When it was paused (docs/outreach.md): none while it is active. A paused campaign sends no
    // email; its leads are still taken in, researched and scored.
    std::optional<Timestamp> pausedAt = std::nullopt;
    Timestamp createdAt = 0;
    Timestamp updatedAt = 0;

    bool isPaused() const { return pausedAt.has_value(); }
};

// An API key as stored: only the hash of the secret, never the secret.
struct ApiKey {
    std::string id;
    std::string organisationId;
    std::string name;
    std::string hash;                     // lowercase hex SHA-256 of the plaintext key
    std::string prefix;                   // visible start of the key, for listings
    std::vector<std::string> projectIds;  // empty: every project of the organisation
    Timestamp createdAt = 0;
    std::optional<Timestamp> expiresAt;
    std::optional<Timestamp> revokedAt;
    // When a request last used it, to the minute or so (written in batches).
    std::optional<Timestamp> lastUsedAt;

    bool isRevoked() const { return revokedAt.has_value(); }
    bool isExpiredAt(Timestamp now) const { return expiresAt && *expiresAt <= now; }
    bool mayUseProject(const std::string& projectId) const;
};

}  // namespace lodestone::domain
