#pragma once

#include "storage/ApiKeyRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/CampaignStatsRepository.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/EmailSendRepository.hpp"
#include "storage/ErasureRepository.hpp"
#include "storage/IdempotencyRepository.hpp"
#include "storage/JobBacklog.hpp"
#include "storage/JobQueue.hpp"
#include "storage/JobRepository.hpp"
#include "storage/LeadImportRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/LeaseRepository.hpp"
#include "storage/MailboxMemoryRepository.hpp"
#include "storage/MeetingRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/RateLimitRepository.hpp"
#include "storage/Repositories.hpp"
#include "storage/StorageProbeRepository.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/WebhookDeliveryQueue.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "storage/WebhookEndpointRepository.hpp"
#include "storage/sql/SqlOperatorRepositories.hpp"
#include "storage/sql/Statements.hpp"

namespace lodestone::storage::sql {

class SqlOrganisations final : public OrganisationRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Organisation& organisation) override;
    std::optional<domain::Organisation> find(const std::string& id) override;
    std::optional<domain::Organisation> findByName(const std::string& name) override;
    std::vector<domain::Organisation> list() override;
    std::int64_t changeCredits(const CreditChange& change) override;
};

class SqlProjects final : public ProjectRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Project& project) override;
    void update(const domain::Project& project) override;
    std::optional<domain::Project> find(const std::string& id) override;
    std::optional<domain::Project> findByName(const std::string& organisationId,
                                              const std::string& name) override;
    std::vector<domain::Project> list(const std::optional<std::string>& organisationId) override;
    std::vector<domain::Project> page(const std::string& organisationId,
                                      const std::optional<std::string>& apiKeyId,
                                      const PageRequest& page) override;
};

class SqlCampaigns final : public CampaignRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Campaign& campaign) override;
    void update(const domain::Campaign& campaign) override;
    Timestamp pause(const std::string& id, Timestamp at) override;
    void resume(const std::string& id) override;
    std::optional<domain::Campaign> find(const std::string& id) override;
    std::optional<domain::Campaign> findByName(const std::string& organisationId,
                                               const std::string& name) override;
    std::vector<domain::Campaign> list(const std::optional<std::string>& organisationId) override;
    std::vector<domain::Campaign> page(const std::string& organisationId,
                                       const PageRequest& page) override;
};

class SqlApiKeys final : public ApiKeyRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
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
};

class SqlLeads final : public LeadRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Lead& lead) override;
    std::optional<domain::Lead> find(const std::string& id) override;
    std::optional<domain::Lead> findByProspect(const std::string& prospectId) override;
    void setPage(const std::string& id, const std::string& html) override;
    std::optional<std::string> page(const std::string& id) override;
    bool recordView(const std::string& id, Timestamp at) override;
    void recordCtaClick(const std::string& id, Timestamp at) override;
    domain::PageActivity activity(const std::string& id) override;
    std::vector<domain::Lead> withEmail(const std::string& organisationId,
                                        const std::string& emailKey) override;
};

class SqlJobs final : public JobRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Job& job) override;
    std::optional<domain::Job> find(const std::string& id) override;
    std::optional<domain::Job> findByLead(const std::string& leadId) override;
    std::optional<domain::Job> findByProspect(const std::string& prospectId) override;
    std::vector<domain::Job> page(const JobFilter& filter, const PageRequest& page) override;
    bool requeueFailed(const std::string& id, std::int64_t newCharge, Timestamp now) override;
    std::int64_t releaseCharge(const std::string& id, Timestamp now) override;
    std::optional<std::int64_t> typicalStepMillis(domain::StepName step, int sample) override;

  private:
    // `sql` selects a job's columns by one `?`.
    std::optional<domain::Job> findWhere(const std::string& sql, const std::string& value);
    std::vector<domain::JobStep> stepsOf(const std::string& jobId);
};

// A claim reads the jobs it took, with their steps, as the records do.
class SqlJobQueue final : public JobQueue, SqlRepository {
  public:
    SqlJobQueue(Statements& statements, SqlJobs& jobs) : SqlRepository(statements), jobs_(jobs) {}
    std::vector<domain::Job> claim(domain::StepName step, const std::string& owner, int limit,
                                   Timestamp now, Timestamp leaseUntil) override;
    std::optional<Timestamp> nextDue(domain::StepName step) override;
    bool reportProgress(const std::string& jobId, const std::string& owner, int percent) override;
    bool completeStep(const std::string& jobId, const std::string& owner, domain::StepName step,
                      const std::string& outputJson, Timestamp now) override;
    bool failStep(const StepFailure& failure) override;
    bool releaseLease(const std::string& jobId, const std::string& owner, Timestamp now) override;

  private:
    SqlJobs& jobs_;
};

class SqlJobBacklog final : public JobBacklog, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    QueueDepth queueDepth() override;
    std::vector<WaitingAtStep> waitingByStep() override;
    std::vector<HeldOfKind> heldByKind() override;
};

class SqlIdempotency final : public IdempotencyRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const IdempotencyRecord& record) override;
    void takeTurn(const std::string& apiKeyId, const std::string& key) override;
    std::optional<IdempotencyRecord> find(const std::string& apiKeyId, const std::string& key,
                                          Timestamp notBefore) override;
    int purgeOlderThan(Timestamp cutoff) override;
};

class SqlProspects final : public ProspectRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Prospect& prospect) override;
    std::optional<domain::Prospect> find(const std::string& id) override;
    std::optional<domain::Prospect> findByEmail(const std::string& campaignId,
                                                const std::string& emailKey) override;
    std::vector<domain::Prospect> withAddress(const std::string& organisationId,
                                              const std::string& emailKey) override;
    std::vector<domain::Prospect> atDomain(const std::string& organisationId,
                                           const std::string& domain) override;
    std::optional<domain::Prospect> findByBookingToken(const std::string& token) override;
    std::optional<domain::Prospect> findByUnsubscribeToken(const std::string& token) override;
    std::vector<domain::Prospect> page(const ProspectFilter& filter,
                                       const PageRequest& page) override;
    std::vector<ExportedProspect> exportPage(const ProspectFilter& filter,
                                             const PageRequest& page) override;
    std::vector<std::string> customDataKeys(const ProspectFilter& filter) override;
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
};

class SqlMeetings final : public MeetingRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::Meeting& meeting) override;
    std::optional<domain::Meeting> findByExternalId(const std::string& campaignId,
                                                    const std::string& externalId) override;
    std::vector<domain::Meeting> listForProspect(const std::string& prospectId) override;
    std::optional<domain::Meeting> find(const std::string& id) override;
    void reschedule(const std::string& id, const std::string& scheduledAt, int durationMinutes,
                    const std::string& title, domain::Timestamp at) override;
    bool cancel(const std::string& id, domain::Timestamp at) override;
    std::optional<std::string> meetingOfBooking(const std::string& campaignId,
                                                const std::string& provider,
                                                const std::string& bookingId) override;
    void recordBooking(const std::string& campaignId, const std::string& provider,
                       const std::string& bookingId, const std::string& meetingId,
                       domain::Timestamp at) override;
    void recordCancelledFirst(const std::string& campaignId, const std::string& provider,
                              const std::string& bookingId, domain::Timestamp at) override;
    bool wasCancelledFirst(const std::string& campaignId, const std::string& provider,
                           const std::string& bookingId) override;
};

class SqlWebhookDeliveries final : public WebhookDeliveryRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::OutboxEvent& event) override;
    std::optional<domain::WebhookDelivery> find(const std::string& id) override;
    std::vector<domain::WebhookDelivery> list(const DeliveryFilter& filter) override;
    std::vector<domain::WebhookAttempt> attempts(const std::string& deliveryId) override;
    bool redeliver(const std::string& id, Timestamp now) override;
};

// A claim reads the deliveries it took as the records do.
class SqlWebhookDeliveryQueue final : public WebhookDeliveryQueue, SqlRepository {
  public:
    SqlWebhookDeliveryQueue(Statements& statements, SqlWebhookDeliveries& deliveries)
        : SqlRepository(statements), deliveries_(deliveries) {}
    std::vector<domain::WebhookDelivery> claim(const std::string& owner, Timestamp now,
                                               Timestamp leaseExpiresAt, int limit) override;
    std::optional<Timestamp> nextDue() override;
    bool finishAttempt(const AttemptOutcome& outcome) override;
    bool release(const std::string& id, const std::string& owner, int number) override;

  private:
    SqlWebhookDeliveries& deliveries_;
};

class SqlWebhookEndpoints final : public WebhookEndpointRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::WebhookEndpoint& endpoint) override;
    std::optional<domain::WebhookEndpoint> find(const std::string& id) override;
    std::vector<domain::WebhookEndpoint> list(
        const std::optional<std::string>& organisationId) override;
    std::vector<domain::WebhookEndpoint> enabled(const std::string& organisationId) override;
    bool disable(const std::string& id, Timestamp at) override;
};

// The lease columns (lease_owner, lease_expires_at) of one table of leased work. `table` is one
// of the daemon's own table names, never input: it is spliced into the SQL.
class SqlLeases final : public LeaseRepository, SqlRepository {
  public:
    SqlLeases(Statements& statements, const std::string& table);
    std::vector<std::string> renew(const std::string& owner, const std::vector<std::string>& ids,
                                   Timestamp until) override;
    std::vector<HeldLease> expired(Timestamp now, int limit) override;
    std::vector<HeldLease> heldBy(const std::vector<std::string>& owners) override;
    std::vector<std::string> owners() override;

    // The statements' texts for one table.
    struct Sql {
        std::string renew, expired, heldBy, owners;
    };

  private:
    const Sql& sql_;
};

class SqlEmailSends final : public EmailSendRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::EmailSend& send) override;
    std::optional<domain::EmailSend> find(const std::string& id) override;
    std::optional<domain::EmailSend> findByMessageId(const std::string& messageId) override;
    std::vector<domain::EmailSend> listForProspect(const std::string& prospectId) override;
    int cancelPending(const std::string& prospectId, const std::string& reason,
                      Timestamp now) override;
};

class SqlEmailSendQueue final : public EmailSendQueue, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    std::vector<domain::EmailSend> due(Timestamp now, int limit) override;
    std::vector<domain::EmailSend> claimable(Timestamp now, int limit) override;
    std::optional<Timestamp> nextDue() override;
    bool lease(const std::string& id, const std::string& owner, Timestamp leaseUntil,
               Timestamp now) override;
    bool postpone(const std::string& id, Timestamp dueAt, Timestamp now) override;
    bool holdForLeadMagnet(const std::string& id, Timestamp recheckAt, Timestamp now) override;
    int releaseHeld(const std::string& prospectId, Timestamp now) override;
    bool finishAttempt(const SendAttemptEnd& end) override;
    bool release(const std::string& id, const std::string& owner, int number) override;
    bool end(const std::string& id, domain::EmailSendStatus status, const std::string& reason,
             Timestamp now) override;
    std::optional<domain::SendingDay> sendingDay(const std::string& campaignId) override;
    void saveSendingDay(const domain::SendingDay& day) override;
    void reopenSendingDay(const std::string& campaignId) override;

  private:
    std::vector<domain::EmailSend> dueSends(const std::string& sql, Timestamp now, int limit);
};

class SqlSuppressions final : public SuppressionRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    bool add(const domain::Suppression& suppression) override;
    std::optional<domain::Suppression> find(const std::string& organisationId,
                                            const std::string& emailKey) override;
    std::vector<domain::Suppression> page(const std::string& organisationId,
                                          const PageRequest& page) override;
    bool removeAddress(const std::string& organisationId, const std::string& emailKey) override;
    bool removeDomain(const std::string& organisationId, const std::string& domain) override;
    void keepOnlyHash(const std::string& organisationId, const std::string& emailKey,
                      domain::Timestamp now) override;
    void hashUnhashed() override;

  private:
    std::optional<std::string> keyOf(const std::string& organisationId);
    std::string hashFor(const std::string& organisationId, const std::string& emailKey);
};

class SqlLeadImports final : public LeadImportRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void insert(const domain::LeadImport& leadImport) override;
    std::optional<domain::LeadImport> find(const std::string& id) override;
    std::vector<domain::LeadImport> ofCampaign(const std::string& campaignId, int limit) override;
    void keepRows(const std::string& importId,
                  const std::vector<domain::LeadImportRow>& rows) override;
    void addRejections(const std::string& importId,
                       const std::vector<domain::ImportRejection>& rejections) override;
    void saveReceived(const domain::LeadImport& leadImport, Timestamp now) override;
    void dropRows(const std::string& importId) override;
    std::vector<domain::LeadImportRow> nextRows(const std::string& importId, int limit) override;
    bool holdsLease(const std::string& importId, const std::string& owner, Timestamp now) override;
    void addProgress(const std::string& importId, std::int64_t line,
                     const domain::ImportCounts& more, Timestamp now) override;
    std::vector<domain::ImportRejection> rejections(const std::string& importId,
                                                    int limit) override;
    std::vector<std::string> due(Timestamp now, int limit) override;
    std::optional<Timestamp> nextDue() override;
    bool lease(const std::string& id, const std::string& owner, Timestamp until,
               Timestamp now) override;
    bool finishLease(const std::string& id, const std::string& owner,
                     domain::LeadImportStatus status, Timestamp runAfter, Timestamp now) override;
    bool takeBack(const std::string& id, const std::string& owner, Timestamp expiresAt,
                  Timestamp now) override;
    int failStale(Timestamp staleBefore, Timestamp now) override;
};

class SqlStorageProbes final : public StorageProbeRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    void record(const std::string& host, Timestamp now) override;
};

class SqlMailboxMemory final : public MailboxMemoryRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    bool seen(const std::string& mailbox, const std::string& uid) override;
    void remember(const std::string& mailbox, const std::string& uid, const std::string& outcome,
                  Timestamp now) override;
};

class SqlRateLimits final : public RateLimitRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    std::vector<RequestCount> counts(const std::string& bucket, std::int64_t fromSecond) override;
    void count(const std::string& bucket, std::int64_t second) override;
    void forgetBefore(std::int64_t second) override;
};

class SqlErasure final : public ErasureRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    ErasureCounts erasePerson(const std::string& organisationId, const std::string& emailKey,
                              domain::Timestamp now) override;
};

class SqlCampaignStats final : public CampaignStatsRepository, SqlRepository {
  public:
    using SqlRepository::SqlRepository;
    ActivityCounts activity(const StatsScope& scope, const std::optional<DayRange>& days) override;
};

class SqlRepositories final : public Repositories {
  public:
    explicit SqlRepositories(Statements& statements)
        : organisations_(statements),
          projects_(statements),
          campaigns_(statements),
          apiKeys_(statements),
          leads_(statements),
          jobs_(statements),
          jobQueue_(statements, jobs_),
          jobBacklog_(statements),
          idempotency_(statements),
          prospects_(statements),
          meetings_(statements),
          webhookDeliveries_(statements),
          webhookDeliveryQueue_(statements, webhookDeliveries_),
          webhookEndpoints_(statements),
          emailSends_(statements),
          emailSendQueue_(statements),
          suppressions_(statements),
          leadImports_(statements),
          mailboxMemory_(statements),
          storageProbes_(statements),
          operators_(statements),
          operatorSessions_(statements),
          auditLog_(statements),
          pipelineCounts_(statements),
          campaignStats_(statements),
          rateLimits_(statements),
          erasure_(statements),
          jobLeases_(statements, "jobs"),
          deliveryLeases_(statements, "webhook_outbox"),
          emailSendLeases_(statements, "email_sends"),
          importLeases_(statements, "lead_imports") {}
    OrganisationRepository& organisations() override { return organisations_; }
    ProjectRepository& projects() override { return projects_; }
    CampaignRepository& campaigns() override { return campaigns_; }
    ApiKeyRepository& apiKeys() override { return apiKeys_; }
    LeadRepository& leads() override { return leads_; }
    JobRepository& jobs() override { return jobs_; }
    JobQueue& jobQueue() override { return jobQueue_; }
    JobBacklog& jobBacklog() override { return jobBacklog_; }
    IdempotencyRepository& idempotency() override { return idempotency_; }
    ProspectRepository& prospects() override { return prospects_; }
    MeetingRepository& meetings() override { return meetings_; }
    WebhookDeliveryRepository& webhookDeliveries() override { return webhookDeliveries_; }
    WebhookDeliveryQueue& webhookDeliveryQueue() override { return webhookDeliveryQueue_; }
    WebhookEndpointRepository& webhookEndpoints() override { return webhookEndpoints_; }
    LeaseRepository& jobLeases() override { return jobLeases_; }
    LeaseRepository& deliveryLeases() override { return deliveryLeases_; }
    EmailSendRepository& emailSends() override { return emailSends_; }
    EmailSendQueue& emailSendQueue() override { return emailSendQueue_; }
    SuppressionRepository& suppressions() override { return suppressions_; }
    LeadImportRepository& leadImports() override { return leadImports_; }
    MailboxMemoryRepository& mailboxMemory() override { return mailboxMemory_; }
    StorageProbeRepository& storageProbes() override { return storageProbes_; }
    OperatorRepository& operators() override { return operators_; }
    OperatorSessionRepository& operatorSessions() override { return operatorSessions_; }
    AuditLogRepository& auditLog() override { return auditLog_; }
    PipelineCountRepository& pipelineCounts() override { return pipelineCounts_; }
    CampaignStatsRepository& campaignStats() override { return campaignStats_; }
    RateLimitRepository& rateLimits() override { return rateLimits_; }
    ErasureRepository& erasure() override { return erasure_; }
    LeaseRepository& emailSendLeases() override { return emailSendLeases_; }
    LeaseRepository& importLeases() override { return importLeases_; }

  private:
    SqlOrganisations organisations_;
    SqlProjects projects_;
    SqlCampaigns campaigns_;
    SqlApiKeys apiKeys_;
    SqlLeads leads_;
    SqlJobs jobs_;
    SqlJobQueue jobQueue_;
    SqlJobBacklog jobBacklog_;
    SqlIdempotency idempotency_;
    SqlProspects prospects_;
    SqlMeetings meetings_;
    SqlWebhookDeliveries webhookDeliveries_;
    SqlWebhookDeliveryQueue webhookDeliveryQueue_;
    SqlWebhookEndpoints webhookEndpoints_;
    SqlEmailSends emailSends_;
    SqlEmailSendQueue emailSendQueue_;
    SqlSuppressions suppressions_;
    SqlLeadImports leadImports_;
    SqlMailboxMemory mailboxMemory_;
    SqlStorageProbes storageProbes_;
    SqlOperators operators_;
    SqlOperatorSessions operatorSessions_;
    SqlAuditLog auditLog_;
    SqlPipelineCounts pipelineCounts_;
    SqlCampaignStats campaignStats_;
    SqlRateLimits rateLimits_;
    SqlErasure erasure_;
    SqlLeases jobLeases_;
    SqlLeases deliveryLeases_;
    SqlLeases emailSendLeases_;
    SqlLeases importLeases_;
};

}  // namespace lodestone::storage::sql
