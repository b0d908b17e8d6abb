#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Operators.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::admin {

// How long a set-password link works.
constexpr domain::Timestamp kPasswordLinkLifetimeMs = 72LL * 60 * 60 * 1000;

// An operator just created (or given a new link): the link's token exists only now.
struct OperatorWithLink {
    domain::Operator op;
    std::string setupToken;
};

// The dashboard's accounts, for lodestonectl (user create, list, disable, reset) and the
// dashboard (setting a password from a link). Works in the caller's transaction; every change
// is written to the organisation's audit log as done by `actor`.
class OperatorAccounts {
  public:
    OperatorAccounts(storage::Repositories& repositories, domain::Timestamp now, std::string actor)
        : repositories_(repositories), now_(now), actor_(std::move(actor)) {}

    // Conflict when the email is taken; NotFound for an unknown organisation;
    // std::invalid_argument for an email that is not one.
    OperatorWithLink create(const std::string& organisationId, const std::string& email,
                            domain::OperatorRole role);
    // A fresh set-password link (the earlier one stops working), for a forgotten password.
    OperatorWithLink newLink(const std::string& operatorId);
    std::vector<domain::Operator> list(const std::optional<std::string>& organisationId);
    // Signs the operator out everywhere; false when already disabled.
    bool disable(const std::string& operatorId);
    // From a set-password link: checks the password (std::invalid_argument), stores its hash,
    // uses the link up and signs the operator out of every other session. NotFound when the
    // link is unknown, used or expired.
    domain::Operator setPassword(const std::string& setupToken, const std::string& password);

  private:
    domain::Operator existing(const std::string& operatorId);
    std::string addLink(const domain::Operator& op);
    void audit(const domain::Operator& op, const std::string& action, const std::string& detail);

    storage::Repositories& repositories_;
    domain::Timestamp now_;
    std::string actor_;
};

// The link that sets a password with `setupToken`, as the operator is sent it.
std::string setPasswordLink(const std::string& publicUrl, const std::string& setupToken);

// Records one change in the organisation's audit log.
void recordChange(storage::Repositories& repositories, const std::string& organisationId,
                  const std::string& actor, const std::string& action, const std::string& subject,
                  const std::string& detail, domain::Timestamp now);

}  // namespace lodestone::admin
