#pragma once

#include "storage/Repositories.hpp"
#include "storage/sqlite/Prepared.hpp"

namespace lodestone::storage::sqlite {

class SqliteOperators final : public OperatorRepository {
  public:
    explicit SqliteOperators(PreparedStatements& statements) : statements_(statements) {}
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
    PreparedStatements& statements_;
};

class SqliteOperatorSessions final : public OperatorSessionRepository {
  public:
    explicit SqliteOperatorSessions(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::OperatorSession& session) override;
    std::optional<domain::OperatorSession> find(const std::string& tokenHash) override;
    void touch(const std::string& tokenHash, domain::Timestamp lastSeenAt) override;
    void remove(const std::string& tokenHash) override;
    void removeAllOf(const std::string& operatorId) override;
    int removeExpired(domain::Timestamp before) override;

  private:
    PreparedStatements& statements_;
};

class SqliteAuditLog final : public AuditLogRepository {
  public:
    explicit SqliteAuditLog(PreparedStatements& statements) : statements_(statements) {}
    void append(const domain::AuditEntry& entry) override;
    std::vector<domain::AuditEntry> page(const std::string& organisationId,
                                         const PageRequest& page) override;

  private:
    PreparedStatements& statements_;
};

class SqlitePipelineCounts final : public PipelineCountRepository {
  public:
    explicit SqlitePipelineCounts(PreparedStatements& statements) : statements_(statements) {}
    PipelineCounts counts(const std::string& organisationId, domain::Timestamp jobsSince) override;

  private:
    PreparedStatements& statements_;
};

}  // namespace lodestone::storage::sqlite
