#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/EmailSends.hpp"
#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "storage/OperatorRepositories.hpp"

// One repository per aggregate. Handlers and services talk to these, never to SQL. Every
// method runs on the connection of the Store call that handed the repositories out, so several
// calls inside one Store::write() are one transaction.
namespace lodestone::storage {

using domain::Timestamp;

// Why an organisation's balance changed; every change is also written to a ledger.
enum class CreditReason { Grant, Adjustment, Generation, Refund };

struct CreditChange {
    std::string organisationId;
    std::int64_t delta = 0;  // negative takes credits
    CreditReason reason = CreditReason::Adjustment;
    std::optional<std::string> jobId;
    Timestamp at = 0;
};

// Where a page of a list starts: just after the row with this creation time and id. Lists are
// newest first (created_at, then id, descending), so rows added meanwhile never shift a later
// page and every row appears once.
struct PageStart {
    Timestamp createdAt = 0;
    std::string id;
};

// A page of a list: up to `limit` rows after `after` (from the newest when none).
struct PageRequest {
    int limit = 50;
    std::optional<PageStart> after = std::nullopt;
};

class OrganisationRepository {
  public:
    virtual ~OrganisationRepository() = default;
    virtual void insert(const domain::Organisation& organisation) = 0;  // Conflict: name taken
    virtual std::optional<domain::Organisation> find(const std::string& id) = 0;
    virtual std::optional<domain::Organisation> findByName(const std::string& name) = 0;
    virtual std::vector<domain::Organisation> list() = 0;
    // Applies the change, records it in the ledger and returns the new balance. NotFound for an
    // unknown organisation; InsufficientCredits if the balance would go below zero.
    virtual std::int64_t changeCredits(const CreditChange& change) = 0;
};

class ProjectRepository {
  public:
    virtual ~ProjectRepository() = default;
    virtual void insert(const domain::Project& project) = 0;  // Conflict: name taken in org
    virtual void update(const domain::Project& project) = 0;  // NotFound
    virtual std::optional<domain::Project> find(const std::string& id) = 0;
    virtual std::optional<domain::Project> findByName(const std::string& organisationId,
                                                      const std::string& name) = 0;
    // Every project, or only one organisation's.
    virtual std::vector<domain::Project> list(const std::optional<std::string>& organisationId) = 0;
    // A page of one organisation's projects, newest first; only those an API key may use when
    // `apiKeyId` names a key restricted to some projects.
    virtual std::vector<domain::Project> page(const std::string& organisationId,
                                              const std::optional<std::string>& apiKeyId,
                                              const PageRequest& page) = 0;
};

class CampaignRepository {
  public:
    virtual ~CampaignRepository() = default;
    virtual void insert(const domain::Campaign& campaign) = 0;  // Conflict: name taken in org
    virtual void update(const domain::Campaign& campaign) = 0;  // NotFound
    virtual std::optional<domain::Campaign> find(const std::string& id) = 0;
    virtual std::optional<domain::Campaign> findByName(const std::string& organisationId,
                                                       const std::string& name) = 0;
    virtual std::vector<domain::Campaign> list(
        const std::optional<std::string>& organisationId) = 0;
    // A page of one organisation's campaigns, newest first.
    virtual std::vector<domain::Campaign> page(const std::string& organisationId,
                                               const PageRequest& page) = 0;
};

// Which of a project's jobs a listing shows.
struct JobFilter {
    std::string projectId;
    std::optional<domain::JobStatus> status = std::nullopt;
};

// Which of a campaign's prospects a listing shows.
struct ProspectFilter {
    std::string campaignId;
    std::optional<domain::ProspectStatus> status = std::nullopt;
    // Words every one of which is in the contact's name, the email or the company's name
    // (case-insensitive for ASCII).
    std::optional<std::string> text = std::nullopt;
    std::optional<int> minScore = std::nullopt;
};

// A request authenticated with key `apiKeyId` at `at`.
struct KeyUse {
    std::string apiKeyId;
    Timestamp at = 0;
};

class ApiKeyRepository {
  public:
    virtual ~ApiKeyRepository() = default;
    virtual void insert(const domain::ApiKey& key) = 0;  // Conflict: hash already stored
    virtual std::optional<domain::ApiKey> find(const std::string& id) = 0;
    virtual std::optional<domain::ApiKey> findByHash(const std::string& hash) = 0;
    // Keys of that name in the organisation, newest first (revoked ones included).
    virtual std::vector<domain::ApiKey> findByName(const std::string& organisationId,
                                                   const std::string& name) = 0;
    virtual std::vector<domain::ApiKey> list(const std::optional<std::string>& organisationId) = 0;
    // Marks the key revoked; false if it was already revoked. NotFound for an unknown id.
    virtual bool revoke(const std::string& id, Timestamp now) = 0;
    // Replaces the projects a key is restricted to (empty: all of its organisation's).
    virtual void setProjects(const std::string& id, const std::vector<std::string>& projectIds) = 0;
    // Moves each key's last use forward to the time given (never back); unknown ids are skipped.
    virtual void recordUses(const std::vector<KeyUse>& uses) = 0;
};

class LeadRepository {
  public:
    virtual ~LeadRepository() = default;
    virtual void insert(const domain::Lead& lead) = 0;
    virtual std::optional<domain::Lead> find(const std::string& id) = 0;
    // The finished lead-magnet page (HTML), once finalization stored it.
    virtual void setPage(const std::string& id, const std::string& html) = 0;
    virtual std::optional<std::string> page(const std::string& id) = 0;

    // A person viewed the page: counted, and true when it was the first view (one caller wins
    // when two first views race).
    virtual bool recordView(const std::string& id, Timestamp at) = 0;
    virtual void recordCtaClick(const std::string& id, Timestamp at) = 0;
    virtual domain::PageActivity activity(const std::string& id) = 0;
    // The organisation's leads with this address (any case), newest first.
    virtual std::vector<domain::Lead> withEmail(const std::string& organisationId,
                                                const std::string& emailKey) = 0;
};

// Who holds the lease on a leased item, and until when.
struct HeldLease {
    std::string id;
    std::string owner;
    Timestamp expiresAt = 0;
};

// The leases of one table of leased work (jobs, webhook deliveries): every such table keeps
// them in the same two columns, and the work engine asks every one the same questions.
class LeaseRepository {
  public:
    virtual ~LeaseRepository() = default;
    // Extends the owner's leases on these items to `until`; returns those it still held.
    virtual std::vector<std::string> renew(const std::string& owner,
                                           const std::vector<std::string>& ids,
                                           Timestamp until) = 0;
    // Leases that ran out by `now` (the holder died or hung), soonest expiry first; at most
    // `limit`.
    virtual std::vector<HeldLease> expired(Timestamp now, int limit) = 0;
    // The leases these owners hold, soonest expiry first.
    virtual std::vector<HeldLease> heldBy(const std::vector<std::string>& owners) = 0;
    // Every owner holding a lease.
    virtual std::vector<std::string> owners() = 0;
};

// Generation jobs and their steps. Status changes are guarded by the state they start from, so a
// late writer cannot overwrite a job that moved on.
class JobRepository {
  public:
    virtual ~JobRepository() = default;
    virtual void insert(const domain::Job& job) = 0;
    // With its steps, in pipeline order.
    virtual std::optional<domain::Job> find(const std::string& id) = 0;
    virtual std::optional<domain::Job> findByLead(const std::string& leadId) = 0;
    virtual std::optional<domain::Job> findByProspect(const std::string& prospectId) = 0;
    // A page of a project's jobs, newest first, each with its steps.
    virtual std::vector<domain::Job> page(const JobFilter& filter, const PageRequest& page) = 0;
    // failed -> queued, resuming at the step that failed: clears the error and that step's row,
    // counts one more retry and records `newCharge` as the credits now held for the job. False
    // if the job is not failed.
    virtual bool requeueFailed(const std::string& id, std::int64_t newCharge, Timestamp now) = 0;
    // Zeroes the credits held for the job and returns how many they were (0 when already
    // released), so a refund can happen only once.
    virtual std::int64_t releaseCharge(const std::string& id, Timestamp now) = 0;
    // Mean duration of the last `sample` completed runs of a step; nullopt when there are none.
    virtual std::optional<std::int64_t> typicalStepMillis(domain::StepName step, int sample) = 0;

    // --- What the job engine does. Every change below is guarded by the lease: only the owner
    // --- named can move a job it holds, so a worker that finishes late changes nothing.

    // Takes up to `limit` jobs that are due for `step` (not leased, not finished, resuming at
    // that step, run_after <= now), kind by kind in domain::kJobKindsByClaimOrder and oldest due
    // first within a kind: each gets the step's running status, a lease for `owner` until
    // `leaseUntil`, and its step row (re)started at `now`. Returned with their steps (and the
    // outputs of finished ones).
    virtual std::vector<domain::Job> claim(domain::StepName step, const std::string& owner,
                                           int limit, Timestamp now, Timestamp leaseUntil) = 0;
    // When the next job for `step` is due (nullopt: none is waiting).
    virtual std::optional<Timestamp> nextDue(domain::StepName step) = 0;
    // Jobs waiting for a worker (due or not: retries wait too) and jobs a worker holds; cheap
    // enough to ask every few seconds (both are counted from partial indexes).
    struct QueueDepth {
        std::int64_t waiting = 0;
        std::int64_t running = 0;
    };
    virtual QueueDepth queueDepth() = 0;
    // The jobs waiting for a worker (due or not) per kind and the step they resume at, and
    // when the earliest of them was due. GET /metrics asks at every scrape, so both are read
    // from the jobs_claimable partial index (the backlog, not the finished history). Groups
    // with no job are absent.
    struct WaitingAtStep {
        domain::JobKind kind = domain::JobKind::LeadMagnet;
        domain::StepName step = domain::StepName::Research;
        std::int64_t count = 0;
        Timestamp earliestDue = 0;
    };
    virtual std::vector<WaitingAtStep> waitingByStep() = 0;
    // The jobs a worker holds, per kind (from jobs_leased: at most as many as there are
    // workers). Kinds with none are absent.
    struct HeldOfKind {
        domain::JobKind kind = domain::JobKind::LeadMagnet;
        std::int64_t count = 0;
    };
    virtual std::vector<HeldOfKind> heldByKind() = 0;
    virtual bool reportProgress(const std::string& jobId, const std::string& owner,
                                int percent) = 0;
    // Stores the step's output; the job moves on to the next step, due at once, or after the
    // last one to completed. False if the owner no longer holds the job.
    virtual bool completeStep(const std::string& jobId, const std::string& owner,
                              domain::StepName step, const std::string& outputJson,
                              Timestamp now) = 0;
    struct StepFailure {
        std::string jobId;
        std::string owner;
        domain::StepName step = domain::StepName::Research;
        std::string error;
        Timestamp now = 0;
        std::optional<Timestamp> retryAt;  // set: back to queued then; else the job has failed
        bool onlyIfLeaseExpired = false;   // the rescuer: only while the lease is still expired
        bool retryable = true;             // false: failed for good, and a retry is refused
    };
    // Records a failed attempt: the step row failed with the error; the job either queued again
    // (one more retry, due at retryAt) or failed for good. False if the guard did not hold.
    virtual bool failStep(const StepFailure& failure) = 0;
    // Hands a job back without counting an attempt (a graceful stop): it keeps its status and is
    // due again at once.
    virtual bool releaseLease(const std::string& jobId, const std::string& owner,
                              Timestamp now) = 0;
};

// Prospects: leads added to campaigns, and their history.
class ProspectRepository {
  public:
    virtual ~ProspectRepository() = default;
    // Conflict: the campaign already has a prospect with that email key.
    virtual void insert(const domain::Prospect& prospect) = 0;
    virtual std::optional<domain::Prospect> find(const std::string& id) = 0;
    virtual std::optional<domain::Prospect> findByEmail(const std::string& campaignId,
                                                        const std::string& emailKey) = 0;
    virtual std::optional<domain::Prospect> findByBookingToken(const std::string& token) = 0;
    virtual std::optional<domain::Prospect> findByUnsubscribeToken(const std::string& token) = 0;
    // A page of a campaign's prospects, newest first.
    virtual std::vector<domain::Prospect> page(const ProspectFilter& filter,
                                               const PageRequest& page) = 0;
    // Moves the prospect to `to` if its status is one of `from`, and records the transition
    // (moving to failed also stores `detail` as its error; moving on clears it). False if the
    // guard did not hold.
    virtual bool transition(const std::string& id, const std::vector<domain::ProspectStatus>& from,
                            domain::ProspectStatus to, Timestamp now,
                            const std::optional<std::string>& detail = std::nullopt) = 0;
    virtual void setScore(const std::string& id, int score, const std::string& scoreJson,
                          Timestamp now) = 0;
    // Oldest first.
    virtual std::vector<domain::ProspectTransition> history(const std::string& id) = 0;
};

class MeetingRepository {
  public:
    virtual ~MeetingRepository() = default;
    // Conflict: the campaign already has a meeting with that external id.
    virtual void insert(const domain::Meeting& meeting) = 0;
    virtual std::optional<domain::Meeting> findByExternalId(const std::string& campaignId,
                                                            const std::string& externalId) = 0;
    // Oldest first.
    virtual std::vector<domain::Meeting> listForProspect(const std::string& prospectId) = 0;
    virtual std::optional<domain::Meeting> find(const std::string& id) = 0;
    // Moves a meeting (and puts a cancelled one back on). NotFound.
    virtual void reschedule(const std::string& id, const std::string& scheduledAt,
                            int durationMinutes, const std::string& title,
                            domain::Timestamp at) = 0;
    // False when it was already cancelled (or does not exist).
    virtual bool cancel(const std::string& id, domain::Timestamp at) = 0;

    // The meeting a calendar's booking id stands for; every id a calendar used for it counts
    // (a rescheduled booking gets a new one).
    virtual std::optional<std::string> meetingOfBooking(const std::string& campaignId,
                                                        const std::string& provider,
                                                        const std::string& bookingId) = 0;
    // Conflict: the booking id is already recorded.
    virtual void recordBooking(const std::string& campaignId, const std::string& provider,
                               const std::string& bookingId, const std::string& meetingId,
                               domain::Timestamp at) = 0;
    // A booking cancelled before the report that it was made arrived: remembered, so that
    // report books nothing. Nothing happens when the id is already recorded.
    virtual void recordCancelledFirst(const std::string& campaignId, const std::string& provider,
                                      const std::string& bookingId, domain::Timestamp at) = 0;
    virtual bool wasCancelledFirst(const std::string& campaignId, const std::string& provider,
                                   const std::string& bookingId) = 0;
};

// Which deliveries a listing shows; newest first.
struct DeliveryFilter {
    std::optional<std::string> organisationId;
    std::optional<std::string> campaignId;
    std::optional<domain::DeliveryStatus> status;
    int limit = 100;
    std::optional<PageStart> after = std::nullopt;
    std::optional<std::string> endpointId = std::nullopt;
};

// How an attempt ended, and what the delivery does next.
struct AttemptOutcome {
    std::string deliveryId;
    std::string owner;  // the lease owner that made the attempt
    int number = 0;     // which attempt
    Timestamp finishedAt = 0;
    bool delivered = false;
    std::optional<int> statusCode;
    std::optional<std::int64_t> latencyMs;
    std::optional<std::string> error;
    // Failed only: when the next attempt is due; none ends the delivery as failed.
    std::optional<Timestamp> retryAt;
};

// The webhook outbox: events written in the transaction that caused them, then their delivery
// attempts. Claims follow the job queue's pattern: a claim is a lease, and a lease-holder's
// writes are guarded by owner and attempt number, so a late worker never overwrites a
// delivery that was recovered and claimed again.
class WebhookDeliveryRepository {
  public:
    virtual ~WebhookDeliveryRepository() = default;
    // A new event: pending, its first attempt due at its creation time.
    virtual void insert(const domain::OutboxEvent& event) = 0;
    virtual std::optional<domain::WebhookDelivery> find(const std::string& id) = 0;
    virtual std::vector<domain::WebhookDelivery> list(const DeliveryFilter& filter) = 0;
    // In the order made.
    virtual std::vector<domain::WebhookAttempt> attempts(const std::string& deliveryId) = 0;

    // Claims up to `limit` pending deliveries due at `now`, oldest due first: leases each to
    // `owner` until `leaseExpiresAt`, counts the attempt and records it as started (with the
    // campaign's webhook URL of the moment). Returns them with attemptCount = this attempt.
    virtual std::vector<domain::WebhookDelivery> claim(const std::string& owner, Timestamp now,
                                                       Timestamp leaseExpiresAt, int limit) = 0;
    // The earliest next attempt among unclaimed pending deliveries.
    virtual std::optional<Timestamp> nextDue() = 0;
    // Records the attempt's outcome and the delivery's next state; false (nothing written) when
    // the lease is no longer `owner`'s for that attempt.
    virtual bool finishAttempt(const AttemptOutcome& outcome) = 0;
    // Hands back a claim whose attempt was never sent (shutdown): uncounts and forgets it.
    virtual bool release(const std::string& id, const std::string& owner, int number) = 0;
    // Queues one fresh attempt of a delivered or failed delivery, due at `now`, with no retries
    // after it. False when the delivery is pending (or does not exist).
    virtual bool redeliver(const std::string& id, Timestamp now) = 0;
};

// The endpoints organisations subscribed to lifecycle events (docs/events.md).
class WebhookEndpointRepository {
  public:
    virtual ~WebhookEndpointRepository() = default;
    virtual void insert(const domain::WebhookEndpoint& endpoint) = 0;
    virtual std::optional<domain::WebhookEndpoint> find(const std::string& id) = 0;
    // Oldest first, disabled ones included; every organisation's without one.
    virtual std::vector<domain::WebhookEndpoint> list(
        const std::optional<std::string>& organisationId) = 0;
    // The organisation's endpoints still enabled.
    virtual std::vector<domain::WebhookEndpoint> enabled(const std::string& organisationId) = 0;
    // False when it was already disabled (or does not exist).
    virtual bool disable(const std::string& id, Timestamp at) = 0;
};

// How an attempt to send an email ended, and what the send does next.
struct SendAttemptEnd {
    std::string sendId;
    std::string owner;  // the lease owner that made the attempt
    int number = 0;     // which attempt
    Timestamp at = 0;
    // Sent; Pending (a retry, due at retryAt); Failed or Bounced (for good).
    domain::EmailSendStatus status = domain::EmailSendStatus::Sent;
    std::optional<Timestamp> retryAt;
    std::optional<std::string> error;
    std::optional<std::string> smtpReply;
};

// The scheduled emails of prospects' sequences, as leased work (the webhook outbox's pattern:
// a claim is a lease, and the holder's writes are guarded by owner and attempt number), and each
// campaign's sending day, which the claims consult and advance in the same transaction.
class EmailSendRepository {
  public:
    virtual ~EmailSendRepository() = default;
    // Conflict: the prospect already has that step.
    virtual void insert(const domain::EmailSend& send) = 0;
    virtual std::optional<domain::EmailSend> find(const std::string& id) = 0;
    virtual std::optional<domain::EmailSend> findByMessageId(const std::string& messageId) = 0;
    // In step order.
    virtual std::vector<domain::EmailSend> listForProspect(const std::string& prospectId) = 0;

    // Pending, unleased sends due by `now` whose campaign may start a send now (its sending
    // day's next send time has come), oldest due first; at most `limit`.
    virtual std::vector<domain::EmailSend> due(Timestamp now, int limit) = 0;
    // The same, chosen to be claimed in this write: on PostgreSQL the rows are locked to the end
    // of the transaction, and rows another host's claim holds are skipped.
    virtual std::vector<domain::EmailSend> claimable(Timestamp now, int limit) = 0;
    // When the next unleased pending send may start, its campaign's next send time included.
    virtual std::optional<Timestamp> nextDue() = 0;
    // Leases a pending, unleased send to `owner` until `leaseUntil` and counts the attempt. False
    // when another claim took it meanwhile.
    virtual bool lease(const std::string& id, const std::string& owner, Timestamp leaseUntil,
                       Timestamp now) = 0;
    // Moves an unleased pending send to a later due time (its window is closed).
    virtual bool postpone(const std::string& id, Timestamp dueAt, Timestamp now) = 0;
    // Records the attempt's end; false (nothing written) when the lease is no longer the
    // owner's for that attempt.
    virtual bool finishAttempt(const SendAttemptEnd& end) = 0;
    // Hands back a claim whose attempt never started (a stop): uncounted, due as before.
    virtual bool release(const std::string& id, const std::string& owner, int number) = 0;
    // Ends an unleased pending send unsent, as Cancelled or Failed, saying why. False when it is
    // leased or no longer pending.
    virtual bool end(const std::string& id, domain::EmailSendStatus status,
                     const std::string& reason, Timestamp now) = 0;
    // Cancels every unleased pending send of the prospect; how many.
    virtual int cancelPending(const std::string& prospectId, const std::string& reason,
                              Timestamp now) = 0;

    virtual std::optional<domain::SendingDay> sendingDay(const std::string& campaignId) = 0;
    virtual void saveSendingDay(const domain::SendingDay& day) = 0;
    // The campaign's sending rules changed: its held sends are looked at again at once, and its
    // next send times worked out afresh from the day's count and last send under the new rules.
    virtual void reopenSendingDay(const std::string& campaignId) = 0;
};

// Addresses no campaign of an organisation emails again.
class SuppressionRepository {
  public:
    virtual ~SuppressionRepository() = default;
    // False when the address was already suppressed (the first reason stays).
    virtual bool add(const domain::Suppression& suppression) = 0;
    virtual std::optional<domain::Suppression> find(const std::string& organisationId,
                                                    const std::string& emailKey) = 0;
};

// A write that proves the database takes writes (GET /readyz): one row per host, overwritten.
class StorageProbeRepository {
  public:
    virtual ~StorageProbeRepository() = default;
    virtual void record(const std::string& host, Timestamp now) = 0;
};

// Which messages of a mailbox were read already (by POP3 UIDL), so none is processed twice.
class MailboxMemoryRepository {
  public:
    virtual ~MailboxMemoryRepository() = default;
    virtual bool seen(const std::string& mailbox, const std::string& uid) = 0;
    // `outcome` says what the message did ("replied prospect_…", "ignored: auto-reply").
    virtual void remember(const std::string& mailbox, const std::string& uid,
                          const std::string& outcome, Timestamp now) = 0;
};

// Responses to POSTs that carried an Idempotency-Key, kept so a repeat gets the same answer.
struct IdempotencyRecord {
    std::string apiKeyId;
    std::string key;
    std::string requestHash;  // of method, path and body
    int status = 0;
    std::string responseJson;
    Timestamp createdAt = 0;
};

class IdempotencyRepository {
  public:
    virtual ~IdempotencyRepository() = default;
    // Conflict if that API key already stored a response under that key.
    virtual void insert(const IdempotencyRecord& record) = 0;
    // Makes this transaction and others with the same key take turns from here to their ends
    // (PostgreSQL; SQLite's one writer at a time does already), so the second finds the first's
    // record instead of repeating its change.
    virtual void takeTurn(const std::string& apiKeyId, const std::string& key) = 0;
    // Only records created at or after `notBefore` (older ones have expired).
    virtual std::optional<IdempotencyRecord> find(const std::string& apiKeyId,
                                                  const std::string& key, Timestamp notBefore) = 0;
    // Deletes records created before `cutoff`; returns how many.
    virtual int purgeOlderThan(Timestamp cutoff) = 0;
};

// Requests counted against the API's rate-limit buckets, per second, where several lodestoned
// share one count (PostgreSQL): the 429 contract holds for all of them together.
struct RequestCount {
    std::int64_t second = 0;  // epoch second
    int requests = 0;
};

class RateLimitRepository {
  public:
    virtual ~RateLimitRepository() = default;
    // The bucket's counts of `fromSecond` and later, oldest first. On PostgreSQL the bucket is
    // locked first, to the end of the transaction: hosts deciding on one bucket take turns.
    virtual std::vector<RequestCount> counts(const std::string& bucket,
                                             std::int64_t fromSecond) = 0;
    // One more request in the bucket's `second`.
    virtual void count(const std::string& bucket, std::int64_t second) = 0;
    // Every bucket's counts before `second`, which no window holds any more.
    virtual void forgetBefore(std::int64_t second) = 0;
};

// The repositories of one connection.
class Repositories {
  public:
    virtual ~Repositories() = default;
    virtual OrganisationRepository& organisations() = 0;
    virtual ProjectRepository& projects() = 0;
    virtual CampaignRepository& campaigns() = 0;
    virtual ApiKeyRepository& apiKeys() = 0;
    virtual LeadRepository& leads() = 0;
    virtual JobRepository& jobs() = 0;
    virtual IdempotencyRepository& idempotency() = 0;
    virtual ProspectRepository& prospects() = 0;
    virtual MeetingRepository& meetings() = 0;
    virtual WebhookDeliveryRepository& webhookDeliveries() = 0;
    virtual WebhookEndpointRepository& webhookEndpoints() = 0;
    virtual EmailSendRepository& emailSends() = 0;
    virtual SuppressionRepository& suppressions() = 0;
    virtual MailboxMemoryRepository& mailboxMemory() = 0;
    virtual StorageProbeRepository& storageProbes() = 0;
    virtual OperatorRepository& operators() = 0;
    virtual OperatorSessionRepository& operatorSessions() = 0;
    virtual AuditLogRepository& auditLog() = 0;
    virtual PipelineCountRepository& pipelineCounts() = 0;
    virtual RateLimitRepository& rateLimits() = 0;
    // The leases of the jobs table, of the webhook outbox and of the email sends.
    virtual LeaseRepository& jobLeases() = 0;
    virtual LeaseRepository& deliveryLeases() = 0;
    virtual LeaseRepository& emailSendLeases() = 0;
};

}  // namespace lodestone::storage
