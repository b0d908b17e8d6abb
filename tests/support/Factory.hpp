#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"
#include "storage/Store.hpp"

namespace lodestone::test {

// What a test asks of a record. Everything left out gets a sensible default; a name left empty
// becomes the record's id, so names that must be unique are.
struct OrganisationSpec {
    std::string name = "";
    std::int64_t credits = 100;
};

struct ProjectSpec {
    std::string name = "";
    std::int64_t creditsPerGeneration = 1;
    std::optional<std::string> leadMagnetHost = std::nullopt;
};

struct CampaignSpec {
    std::string name = "";
    std::optional<std::string> webhookUrl = std::nullopt;
    std::optional<std::string> calendarUrl = std::nullopt;
    std::optional<std::string> icpJson = std::nullopt;
    std::optional<std::string> sequenceJson = std::nullopt;
    std::optional<std::string> projectId = std::nullopt;  // its lead-magnet project
};

struct LeadSpec {
    std::string email = "ada@example.com";
    std::string fieldsJson = "";  // empty: {"email": email}
    // Where lodestoned serves pages of projects without a lead-magnet host (server.public_url's
    // default).
    std::string publicUrl = "http://127.0.0.1:8080";
};

struct ProspectSpec {
    std::string email = "ada@engines.example";
    std::string companyName = "Analytical Engines";
    std::string contactName = "Ada Lovelace";
    std::optional<std::string> title = "VP Engineering";
    domain::ProspectStatus status = domain::ProspectStatus::Queued;
    std::optional<int> score = std::nullopt;
    std::optional<std::string> scoreJson = std::nullopt;
    std::optional<std::string> timezone = std::nullopt;  // contact.timezone, as a client sends it
};

struct MeetingSpec {
    std::string scheduledAt = "2026-12-03T10:30:00Z";
    int durationMinutes = 45;
    std::string title = "Discovery call";
    std::optional<std::string> externalId = std::nullopt;
};

struct DeliverySpec {
    std::string event = "meeting_booked";
    std::string payloadJson = "";  // empty: {"event": event, "campaignId": the campaign's id}
    // Set: its first attempt claimed by this lease owner, as a webhook worker claims it.
    std::optional<std::string> claimedBy = std::nullopt;
    // Of the claim's lease; default: a minute from now.
    std::optional<domain::Timestamp> leaseUntil = std::nullopt;
    // Set: a lifecycle event for this endpoint (of the campaign's organisation), not the
    // campaign's own delivery.
    std::optional<std::string> endpointId = std::nullopt;
};

// Where a job stands, reached the way the job engine's workers get there, each change the
// JobQueue call the engine makes. From where the job is: the `completed` steps in order,
// then `retries` failed attempts of the next step (each queues the job again), then that step
// `running` or `failed` for good; with neither, the job waits for its next step (or is completed
// after its last). A step is claimed by `leaseOwner` before it completes or fails, unless a
// worker is running it already; then that worker completes or fails it.
struct JobState {
    std::vector<domain::StepName> completed = {};
    int retries = 0;
    std::optional<domain::StepName> running = std::nullopt;
    int progress = 0;  // of the running step
    std::optional<domain::StepName> failed = std::nullopt;
    std::string error = "the step failed";  // of every failed attempt
    bool retryable = true;                  // of the failure for good
    std::string leaseOwner = "worker-1";    // the worker making every claim
    // Of the running step's lease; default: a minute from now.
    std::optional<domain::Timestamp> leaseUntil = std::nullopt;
};

// Builds what a test needs in lodestoned's database through the daemon's own repositories, each
// call one transaction. Safe while the daemon runs: what a call claims, it inserts and claims in
// the same transaction, so the daemon never sees it unclaimed. Claims take whatever is due
// first; if that is not the record being built, the call throws and changes nothing.
class Factory {
  public:
    explicit Factory(storage::Store& store) : store_(store) {}

    domain::Organisation organisation(const OrganisationSpec& spec = {});
    domain::Project project(const domain::Organisation& organisation, const ProjectSpec& spec = {});
    domain::Campaign campaign(const domain::Organisation& organisation,
                              const CampaignSpec& spec = {});
    domain::Lead lead(const domain::Project& project, const LeadSpec& spec = {});
    // Only the prospect and its history; job() adds the job that researches and scores it.
    domain::Prospect prospect(const domain::Campaign& campaign, const ProspectSpec& spec = {});
    // Only the meeting: no outbox event, no change of the prospect's status.
    domain::Meeting meeting(const domain::Prospect& prospect, const MeetingSpec& spec = {});
    // An event in the campaign's webhook outbox, pending (or claimed, if the spec says so).
    domain::WebhookDelivery delivery(const domain::Campaign& campaign,
                                     const DeliverySpec& spec = {});

    // The lead's job, its project's credits charged as Generate Lead Magnet charges them; or the
    // prospect's job. Then brought to `state`.
    domain::Job job(const domain::Lead& lead, const JobState& state = {});
    domain::Job job(const domain::Prospect& prospect, const JobState& state = {});
    // Moves a job on from where it stands to `state`.
    domain::Job advance(const std::string& jobId, const JobState& state);
    // What the engine does when a job fails for good: the credits it held go back to its
    // organisation.
    void refund(const std::string& jobId);
    // The credits held for the job are dropped, without going back to its organisation.
    void releaseCharge(const std::string& jobId);
    // The running job's lease has run out under its worker (a stalled host, a clock jump).
    void expireLease(const std::string& jobId);

    // An operator's changes.
    void setCredits(const std::string& organisationId, std::int64_t credits);
    void setWebhookUrl(const std::string& campaignId, const std::string& url);

    // Records lodestoned provisioned from its config, by name; throws if there is none.
    domain::Organisation organisationNamed(const std::string& name);
    domain::Project projectNamed(const std::string& organisation, const std::string& name);
    domain::Campaign campaignNamed(const std::string& organisation, const std::string& name);

  private:
    storage::Store& store_;
};

}  // namespace lodestone::test
