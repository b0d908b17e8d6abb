#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Operators.hpp"

namespace lodestone::storage {

// The people who sign in to the dashboard, and the links that set their passwords.
class OperatorRepository {
  public:
    virtual ~OperatorRepository() = default;
    virtual void insert(const domain::Operator& op) = 0;  // Conflict: the email is taken
    virtual std::optional<domain::Operator> find(const std::string& id) = 0;
    virtual std::optional<domain::Operator> findByEmail(const std::string& email) = 0;
    // Every operator, or one organisation's; oldest first.
    virtual std::vector<domain::Operator> list(
        const std::optional<std::string>& organisationId) = 0;
    virtual bool setPassword(const std::string& id, const std::string& passwordHash) = 0;
    virtual bool disable(const std::string& id, domain::Timestamp now) = 0;
    // A set-password link; any earlier link of the operator stops working.
    virtual void addPasswordSetup(const domain::PasswordSetup& setup) = 0;
    // The link, while unexpired at `now`; it is not taken (a form shows before it is used).
    virtual std::optional<domain::PasswordSetup> findPasswordSetup(const std::string& tokenHash,
                                                                   domain::Timestamp now) = 0;
    // Uses the link up: false when it was not there (or expired), true once.
    virtual bool takePasswordSetup(const std::string& tokenHash, domain::Timestamp now) = 0;
};

}  // namespace lodestone::storage
