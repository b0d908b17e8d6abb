#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/Records.hpp"

// The people who sign in to the dashboard, their sessions and what they changed.
namespace lodestone::domain {

// An admin manages everything of the organisation; a member sees it all and works the pipeline
// (redeliveries, retries, schemas) but cannot manage API keys, secrets or operators.
enum class OperatorRole { Admin, Member };

std::string_view toString(OperatorRole role);
std::optional<OperatorRole> operatorRoleFromString(std::string_view text);

struct Operator {
    std::string id;
    std::string organisationId;
    std::string email;  // lowercase; unique across the installation (it is what signs in)
    OperatorRole role = OperatorRole::Member;
    std::optional<std::string> passwordHash = std::nullopt;  // Argon2id, encoded; none until set
    Timestamp createdAt = 0;
    std::optional<Timestamp> disabledAt = std::nullopt;

    // Admins also manage API keys, webhook secrets and the organisation's operators.
    bool isAdmin() const { return role == OperatorRole::Admin; }
};

// A signed-in browser. The cookie holds a random token; only its SHA-256 is stored.
struct OperatorSession {
    std::string tokenHash;
    std::string operatorId;
    std::string csrfToken;  // every form of the session carries it
    Timestamp createdAt = 0;
    Timestamp lastSeenAt = 0;
    Timestamp expiresAt = 0;  // the absolute end; idleness ends it sooner
};

// The one-time link that lets an operator set (or reset) a password.
struct PasswordSetup {
    std::string tokenHash;
    std::string operatorId;
    Timestamp expiresAt = 0;
};

// One change, as the audit log shows it: who did what to which object, when.
struct AuditEntry {
    std::string id;
    std::string organisationId;
    std::string actor;    // "ada@acme.example" (an operator) or "lodestonectl"
    std::string action;   // "api_key.create", "webhook.redeliver", …
    std::string subject;  // the id of what changed
    std::string detail;   // a sentence for people
    Timestamp createdAt = 0;
};

}  // namespace lodestone::domain
