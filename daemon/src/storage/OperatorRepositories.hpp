#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "domain/Operators.hpp"

// The dashboard's records: operators, their sessions, the audit log, and the counts its
// overview shows. (Repositories.hpp includes this; PageRequest is declared there.)
namespace lodestone::storage {

struct PageRequest;

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

class AuditLogRepository {
  public:
    virtual ~AuditLogRepository() = default;
    virtual void append(const domain::AuditEntry& entry) = 0;
    // Newest first.
    virtual std::vector<domain::AuditEntry> page(const std::string& organisationId,
                                                 const PageRequest& page) = 0;
};

// What the dashboard's overview counts of one organisation.
struct PipelineCounts {
    std::map<std::string, int> jobsByStatus;       // created since the time asked for
    std::map<std::string, int> prospectsByStatus;  // all of them
    int failedDeliveries = 0;
};

class PipelineCountRepository {
  public:
    virtual ~PipelineCountRepository() = default;
    virtual PipelineCounts counts(const std::string& organisationId,
                                  domain::Timestamp jobsSince) = 0;
};

}  // namespace lodestone::storage
