#pragma once

#include <optional>
#include <string>

#include "domain/Operators.hpp"

namespace lodestone::storage {

// Operators signed in to the dashboard, by the hash of their session token.
class OperatorSessionRepository {
  public:
    virtual ~OperatorSessionRepository() = default;
    virtual void insert(const domain::OperatorSession& session) = 0;
    virtual std::optional<domain::OperatorSession> find(const std::string& tokenHash) = 0;
    virtual void touch(const std::string& tokenHash, domain::Timestamp lastSeenAt) = 0;
    virtual void remove(const std::string& tokenHash) = 0;
    // Every session of the operator (disabled, or a new password set).
    virtual void removeAllOf(const std::string& operatorId) = 0;
    virtual int removeExpired(domain::Timestamp before) = 0;
};

}  // namespace lodestone::storage
