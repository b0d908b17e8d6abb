#pragma once

#include "storage/Repositories.hpp"
#include "storage/sqlite/Prepared.hpp"
#include "storage/sqlite/SqliteOperatorRepositories.hpp"

namespace lodestone::storage::sqlite {

class SqliteOrganisations final : public OrganisationRepository {
  public:
    explicit SqliteOrganisations(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Organisation& organisation) override;
    std::optional<domain::Organisation> find(const std::string& id) override;
    std::optional<domain::Organisation> findByName(const std::string& name) override;
    std::vector<domain::Organisation> list() override;
    std::int64_t changeCredits(const CreditChange& change) override;

  private:
    PreparedStatements& statements_;
};

class SqliteProjects final : public ProjectRepository {
  public:
    explicit SqliteProjects(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Project& project) override;
    void update(const domain::Project& project) override;
    std::optional<domain::Project> find(const std::string& id) override;
    std::optional<domain::Project> findByName(const std::string& organisationId,
                                              const std::string& name) override;
    std::vector<domain::Project> list(const std::optional<std::string>& organisationId) override;
    std::vector<domain::Project> page(const std::string& organisationId,
                                      const std::optional<std::string>& apiKeyId,
                                      const PageRequest& page) override;

  private:
    PreparedStatements& statements_;
};

class SqliteCampaigns final : public CampaignRepository {
  public:
    explicit SqliteCampaigns(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Campaign& campaign) override;
    void update(const domain::Campaign& campaign) override;
    std::optional<domain::Campaign> find(const std::string& id) override;
    std::optional<domain::Campaign> findByName(const std::string& organisationId,
                                               const std::string& name) override;
    std::vector<domain::Campaign> list(const std::optional<std::string>& organisationId) override;
    std::vector<domain::Campaign> page(const std::string& organisationId,
                                       const PageRequest& page) override;

  private:
    PreparedStatements& statements_;
};

class SqliteApiKeys final : public ApiKeyRepository {
  public:
    explicit SqliteApiKeys(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::ApiKey& key) override;
    std::optional<domain::ApiKey> find(const std::string& id) override;
    std::optional<domain::ApiKey> findByHash(const std::string& hash) override;
    std::vector<domain::ApiKey> findByName(const std::string& organisationId,
                                           const std::string& name) override;
    std::vector<domain::ApiKey> list(const std::optional<std::string>& organisationId) override;
    bool revoke(const std::string& id, Timestamp now) override;
    void setProjects(const std::string& id, const std::vector<std::string>& projectIds) override;
    void recordUses(const std::vector<KeyUse>& uses) override;

  private:
    void insertProjects(const std::string& id, const std::vector<std::string>& projectIds);
    std::vector<domain::ApiKey> select(const std::string& where, const std::string& orderBy,
                                       const std::vector<std::string>& params);
    PreparedStatements& statements_;
};

class SqliteLeads final : public LeadRepository {
  public:
    explicit SqliteLeads(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Lead& lead) override;
    std::optional<domain::Lead> find(const std::string& id) override;
    void setPage(const std::string& id, const std::string& html) override;
    std::optional<std::string> page(const std::string& id) override;

  private:
    PreparedStatements& statements_;
};

class SqliteJobs final : public JobRepository {
  public:
    explicit SqliteJobs(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Job& job) override;
    std::optional<domain::Job> find(const std::string& id) override;
    std::optional<domain::Job> findByLead(const std::string& leadId) override;
    std::optional<domain::Job> findByProspect(const std::string& prospectId) override;
    std::vector<domain::Job> page(const JobFilter& filter, const PageRequest& page) override;
    bool requeueFailed(const std::string& id, std::int64_t newCharge, Timestamp now) override;
    std::int64_t releaseCharge(const std::string& id, Timestamp now) override;
    std::optional<std::int64_t> typicalStepMillis(domain::StepName step, int sample) override;
    std::vector<domain::Job> claim(domain::StepName step, const std::string& owner, int limit,
                                   Timestamp now, Timestamp leaseUntil) override;
    std::optional<Timestamp> nextDue(domain::StepName step) override;
    QueueDepth queueDepth() override;
    std::vector<WaitingAtStep> waitingByStep() override;
    std::vector<HeldOfKind> heldByKind() override;
    bool reportProgress(const std::string& jobId, const std::string& owner, int percent) override;
    bool completeStep(const std::string& jobId, const std::string& owner, domain::StepName step,
                      const std::string& outputJson, Timestamp now) override;
    bool failStep(const StepFailure& failure) override;
    bool releaseLease(const std::string& jobId, const std::string& owner, Timestamp now) override;

  private:
    // `sql` selects a job's columns by one `?`.
    std::optional<domain::Job> findWhere(const std::string& sql, const std::string& value);
    std::vector<domain::JobStep> stepsOf(const std::string& jobId);
    PreparedStatements& statements_;
};

class SqliteIdempotency final : public IdempotencyRepository {
  public:
    explicit SqliteIdempotency(PreparedStatements& statements) : statements_(statements) {}
    void insert(const IdempotencyRecord& record) override;
    std::optional<IdempotencyRecord> find(const std::string& apiKeyId, const std::string& key,
                                          Timestamp notBefore) override;
    int purgeOlderThan(Timestamp cutoff) override;

  private:
    PreparedStatements& statements_;
};

class SqliteProspects final : public ProspectRepository {
  public:
    explicit SqliteProspects(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Prospect& prospect) override;
    std::optional<domain::Prospect> find(const std::string& id) override;
    std::optional<domain::Prospect> findByEmail(const std::string& campaignId,
                                                const std::string& emailKey) override;
    std::optional<domain::Prospect> findByBookingToken(const std::string& token) override;
    std::optional<domain::Prospect> findByUnsubscribeToken(const std::string& token) override;
    std::vector<domain::Prospect> page(const ProspectFilter& filter,
                                       const PageRequest& page) override;
    bool transition(const std::string& id, const std::vector<domain::ProspectStatus>& from,
                    domain::ProspectStatus to, Timestamp now,
                    const std::optional<std::string>& detail) override;
    void setScore(const std::string& id, int score, const std::string& scoreJson,
                  Timestamp now) override;
    std::vector<domain::ProspectTransition> history(const std::string& id) override;

  private:
    std::optional<domain::Prospect> findWhere(const std::string& where,
                                              const std::vector<std::string>& params);
    void recordTransition(const std::string& id, domain::ProspectStatus status, Timestamp at,
                          const std::optional<std::string>& detail);
    PreparedStatements& statements_;
};

class SqliteMeetings final : public MeetingRepository {
  public:
    explicit SqliteMeetings(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::Meeting& meeting) override;
    std::optional<domain::Meeting> findByExternalId(const std::string& campaignId,
                                                    const std::string& externalId) override;
    std::vector<domain::Meeting> listForProspect(const std::string& prospectId) override;

  private:
    PreparedStatements& statements_;
};

class SqliteWebhookDeliveries final : public WebhookDeliveryRepository {
  public:
    explicit SqliteWebhookDeliveries(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::OutboxEvent& event) override;
    std::optional<domain::WebhookDelivery> find(const std::string& id) override;
    std::vector<domain::WebhookDelivery> list(const DeliveryFilter& filter) override;
    std::vector<domain::WebhookAttempt> attempts(const std::string& deliveryId) override;
    std::vector<domain::WebhookDelivery> claim(const std::string& owner, Timestamp now,
                                               Timestamp leaseExpiresAt, int limit) override;
    std::optional<Timestamp> nextDue() override;
    bool finishAttempt(const AttemptOutcome& outcome) override;
    bool release(const std::string& id, const std::string& owner, int number) override;
    bool redeliver(const std::string& id, Timestamp now) override;

  private:
    PreparedStatements& statements_;
};

// The lease columns (lease_owner, lease_expires_at) of one table of leased work. `table` is one
// of the daemon's own table names, never input: it is spliced into the SQL.
class SqliteLeases final : public LeaseRepository {
  public:
    SqliteLeases(PreparedStatements& statements, std::string table);
    std::vector<std::string> renew(const std::string& owner, const std::vector<std::string>& ids,
                                   Timestamp until) override;
    std::vector<HeldLease> expired(Timestamp now, int limit) override;
    std::vector<HeldLease> heldBy(const std::vector<std::string>& owners) override;
    std::vector<std::string> owners() override;

  private:
    PreparedStatements& statements_;
    std::string renew_, expired_, heldBy_, owners_;
};

class SqliteEmailSends final : public EmailSendRepository {
  public:
    explicit SqliteEmailSends(PreparedStatements& statements) : statements_(statements) {}
    void insert(const domain::EmailSend& send) override;
    std::optional<domain::EmailSend> find(const std::string& id) override;
    std::optional<domain::EmailSend> findByMessageId(const std::string& messageId) override;
    std::vector<domain::EmailSend> listForProspect(const std::string& prospectId) override;
    std::vector<domain::EmailSend> due(Timestamp now, int limit) override;
    std::optional<Timestamp> nextDue() override;
    bool lease(const std::string& id, const std::string& owner, Timestamp leaseUntil,
               Timestamp now) override;
    bool postpone(const std::string& id, Timestamp dueAt, Timestamp now) override;
    bool finishAttempt(const SendAttemptEnd& end) override;
    bool release(const std::string& id, const std::string& owner, int number) override;
    bool end(const std::string& id, domain::EmailSendStatus status, const std::string& reason,
             Timestamp now) override;
    int cancelPending(const std::string& prospectId, const std::string& reason,
                      Timestamp now) override;
    std::optional<domain::SendingDay> sendingDay(const std::string& campaignId) override;
    void saveSendingDay(const domain::SendingDay& day) override;
    void reopenSendingDay(const std::string& campaignId) override;

  private:
    PreparedStatements& statements_;
};

class SqliteSuppressions final : public SuppressionRepository {
  public:
    explicit SqliteSuppressions(PreparedStatements& statements) : statements_(statements) {}
    bool add(const domain::Suppression& suppression) override;
    std::optional<domain::Suppression> find(const std::string& organisationId,
                                            const std::string& emailKey) override;

  private:
    PreparedStatements& statements_;
};

class SqliteStorageProbes final : public StorageProbeRepository {
  public:
    explicit SqliteStorageProbes(PreparedStatements& statements) : statements_(statements) {}
    void record(const std::string& host, Timestamp now) override;

  private:
    PreparedStatements& statements_;
};

class SqliteMailboxMemory final : public MailboxMemoryRepository {
  public:
    explicit SqliteMailboxMemory(PreparedStatements& statements) : statements_(statements) {}
    bool seen(const std::string& mailbox, const std::string& uid) override;
    void remember(const std::string& mailbox, const std::string& uid, const std::string& outcome,
                  Timestamp now) override;

  private:
    PreparedStatements& statements_;
};

class SqliteRepositories final : public Repositories {
  public:
    explicit SqliteRepositories(PreparedStatements& statements)
        : organisations_(statements),
          projects_(statements),
          campaigns_(statements),
          apiKeys_(statements),
          leads_(statements),
          jobs_(statements),
          idempotency_(statements),
          prospects_(statements),
          meetings_(statements),
          webhookDeliveries_(statements),
          emailSends_(statements),
          suppressions_(statements),
          mailboxMemory_(statements),
          storageProbes_(statements),
          operators_(statements),
          operatorSessions_(statements),
          auditLog_(statements),
          pipelineCounts_(statements),
          jobLeases_(statements, "jobs"),
          deliveryLeases_(statements, "webhook_outbox"),
          emailSendLeases_(statements, "email_sends") {}
    OrganisationRepository& organisations() override { return organisations_; }
    ProjectRepository& projects() override { return projects_; }
    CampaignRepository& campaigns() override { return campaigns_; }
    ApiKeyRepository& apiKeys() override { return apiKeys_; }
    LeadRepository& leads() override { return leads_; }
    JobRepository& jobs() override { return jobs_; }
    IdempotencyRepository& idempotency() override { return idempotency_; }
    ProspectRepository& prospects() override { return prospects_; }
    MeetingRepository& meetings() override { return meetings_; }
    WebhookDeliveryRepository& webhookDeliveries() override { return webhookDeliveries_; }
    LeaseRepository& jobLeases() override { return jobLeases_; }
    LeaseRepository& deliveryLeases() override { return deliveryLeases_; }
    EmailSendRepository& emailSends() override { return emailSends_; }
    SuppressionRepository& suppressions() override { return suppressions_; }
    MailboxMemoryRepository& mailboxMemory() override { return mailboxMemory_; }
    StorageProbeRepository& storageProbes() override { return storageProbes_; }
    OperatorRepository& operators() override { return operators_; }
    OperatorSessionRepository& operatorSessions() override { return operatorSessions_; }
    AuditLogRepository& auditLog() override { return auditLog_; }
    PipelineCountRepository& pipelineCounts() override { return pipelineCounts_; }
    LeaseRepository& emailSendLeases() override { return emailSendLeases_; }

  private:
    SqliteOrganisations organisations_;
    SqliteProjects projects_;
    SqliteCampaigns campaigns_;
    SqliteApiKeys apiKeys_;
    SqliteLeads leads_;
    SqliteJobs jobs_;
    SqliteIdempotency idempotency_;
    SqliteProspects prospects_;
    SqliteMeetings meetings_;
    SqliteWebhookDeliveries webhookDeliveries_;
    SqliteEmailSends emailSends_;
    SqliteSuppressions suppressions_;
    SqliteMailboxMemory mailboxMemory_;
    SqliteStorageProbes storageProbes_;
    SqliteOperators operators_;
    SqliteOperatorSessions operatorSessions_;
    SqliteAuditLog auditLog_;
    SqlitePipelineCounts pipelineCounts_;
    SqliteLeases jobLeases_;
    SqliteLeases deliveryLeases_;
    SqliteLeases emailSendLeases_;
};

}  // namespace lodestone::storage::sqlite
