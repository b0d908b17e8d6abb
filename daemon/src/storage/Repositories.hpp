#pragma once

// One repository per aggregate, each in a header of its own (storage/<Name>.hpp): handlers and
// services talk to these, never to SQL, and include the headers of those they use. Every method
// runs on the connection of the Store call that handed the repositories out, so several calls
// inside one Store::write() are one transaction.
namespace lodestone::storage {

class ApiKeyRepository;
class AuditLogRepository;
class CampaignRepository;
class CampaignStatsRepository;
class EmailSendQueue;
class EmailSendRepository;
class ErasureRepository;
class IdempotencyRepository;
class JobBacklog;
class JobQueue;
class JobRepository;
class LeadImportRepository;
class LeadRepository;
class LeaseRepository;
class MailboxMemoryRepository;
class MeetingRepository;
class OperatorRepository;
class OperatorSessionRepository;
class OrganisationRepository;
class PipelineCountRepository;
class ProjectRepository;
class ProspectRepository;
class RateLimitRepository;
class StorageProbeRepository;
class SuppressionRepository;
class WebhookDeliveryQueue;
class WebhookDeliveryRepository;
class WebhookEndpointRepository;

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
    // Taking and finishing jobs (the job engine), and how many wait and run (the gauges).
    virtual JobQueue& jobQueue() = 0;
    virtual JobBacklog& jobBacklog() = 0;
    virtual IdempotencyRepository& idempotency() = 0;
    virtual ProspectRepository& prospects() = 0;
    virtual MeetingRepository& meetings() = 0;
    virtual WebhookDeliveryRepository& webhookDeliveries() = 0;
    virtual WebhookDeliveryQueue& webhookDeliveryQueue() = 0;
    virtual WebhookEndpointRepository& webhookEndpoints() = 0;
    virtual EmailSendRepository& emailSends() = 0;
    virtual EmailSendQueue& emailSendQueue() = 0;
    virtual SuppressionRepository& suppressions() = 0;
    virtual LeadImportRepository& leadImports() = 0;
    virtual MailboxMemoryRepository& mailboxMemory() = 0;
    virtual StorageProbeRepository& storageProbes() = 0;
    virtual OperatorRepository& operators() = 0;
    virtual OperatorSessionRepository& operatorSessions() = 0;
    virtual AuditLogRepository& auditLog() = 0;
    virtual PipelineCountRepository& pipelineCounts() = 0;
    // Campaigns' numbers, counted where the rows are (docs/api.md, Campaign numbers).
    virtual CampaignStatsRepository& campaignStats() = 0;
    virtual RateLimitRepository& rateLimits() = 0;
    // One person's data removed from every table (docs/lists.md, Erasure).
    virtual ErasureRepository& erasure() = 0;
    // The leases of the jobs table, of the webhook outbox, of the email sends and of imports.
    virtual LeaseRepository& jobLeases() = 0;
    virtual LeaseRepository& deliveryLeases() = 0;
    virtual LeaseRepository& emailSendLeases() = 0;
    virtual LeaseRepository& importLeases() = 0;
};

}  // namespace lodestone::storage
