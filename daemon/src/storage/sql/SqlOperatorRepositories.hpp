#pragma once

#include "storage/AuditLogRepository.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/OperatorSessionRepository.hpp"
#include "storage/PipelineCountRepository.hpp"
#include "storage/sql/Statements.hpp"

namespace lodestone::storage::sql {

class SqlOperators final : public OperatorRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
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
};

class SqlOperatorSessions final : public OperatorSessionRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::OperatorSession& session) override;
    std::optional<domain::OperatorSession> find(const std::string& tokenHash) override;
    void touch(const std::string& tokenHash, domain::Timestamp lastSeenAt) override;
    void remove(const std::string& tokenHash) override;
    void removeAllOf(const std::string& operatorId) override;
    int removeExpired(domain::Timestamp before) override;
};

class SqlAuditLog final : public AuditLogRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void append(const domain::AuditEntry& entry) override;
    std::vector<domain::AuditEntry> page(const std::string& organisationId,
                                         const PageRequest& page) override;
};

class SqlPipelineCounts final : public PipelineCountRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    PipelineCounts counts(const std::string& organisationId, domain::Timestamp jobsSince) override;
};

}  // namespace lodestone::storage::sql
