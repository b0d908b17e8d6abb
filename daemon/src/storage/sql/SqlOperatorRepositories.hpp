#pragma once

#include "storage/AuditLogRepository.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/OperatorSessionRepository.hpp"
#include "storage/PipelineCountRepository.hpp"
#include "storage/sql/Statements.hpp"

namespace lodestone::storage::sql {

class SqlOperators final : public OperatorRepository {
  public:
    explicit SqlOperators(Statements& statements) : statements_(statements) {}
    void insert(const domain::Operator& op) override;
    std::optional<domain::Operator> find(const std::string& id) override;
    std::optional<domain::Operator> findByEmail(const std::string& email) override;
    std::vector<domain::Operator> list(const std::optional<std::string>& organisationId) override;
    bool setPassword(const std::string& id, const std::string& passwordHash) override;
    bool disable(const std::string& id, domain::Timestamp now) override;
    void addPasswordSetup(const domain::PasswordSetup& setup) override;
    std::optional<domain::PasswordSetup> findPasswordSetup(const std::string& tokenHash,
                                                           domain::Timestamp now) override;
    bool takePasswordSetup(const std::string& tokenHash, domain::Timestamp now) override;

  private:
    Statements& statements_;
};

class SqlOperatorSessions final : public OperatorSessionRepository {
  public:
    explicit SqlOperatorSessions(Statements& statements) : statements_(statements) {}
    void insert(const domain::OperatorSession& session) override;
    std::optional<domain::OperatorSession> find(const std::string& tokenHash) override;
    void touch(const std::string& tokenHash, domain::Timestamp lastSeenAt) override;
    void remove(const std::string& tokenHash) override;
    void removeAllOf(const std::string& operatorId) override;
    int removeExpired(domain::Timestamp before) override;

  private:
    Statements& statements_;
};

class SqlAuditLog final : public AuditLogRepository {
  public:
    explicit SqlAuditLog(Statements& statements) : statements_(statements) {}
    void append(const domain::AuditEntry& entry) override;
    std::vector<domain::AuditEntry> page(const std::string& organisationId,
                                         const PageRequest& page) override;

  private:
    Statements& statements_;
};

class SqlPipelineCounts final : public PipelineCountRepository {
  public:
    explicit SqlPipelineCounts(Statements& statements) : statements_(statements) {}
    PipelineCounts counts(const std::string& organisationId, domain::Timestamp jobsSince) override;

  private:
    Statements& statements_;
};

}  // namespace lodestone::storage::sql
