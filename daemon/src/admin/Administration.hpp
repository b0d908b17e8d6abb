#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/ProvisionReader.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::admin {

// How long a rotated-out webhook secret keeps signing alongside the new one: a day for receivers
// to switch (docs/operations.md).
inline constexpr domain::Timestamp kPreviousWebhookSecretLifetime = 24LL * 60 * 60 * 1000;

// A request an operator can fix: an empty name, a URL that is not http(s), a project of another
// organisation. (Missing rows and name clashes come from storage as NotFound and Conflict.)
class InvalidRequest : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

struct ProjectDraft {
    std::string organisationId;
    std::string name;
    std::optional<domain::ProjectSchema> schema;  // default schema when absent
    std::optional<std::string> leadMagnetHost;
    std::optional<std::int64_t> creditsPerGeneration;
    std::optional<std::string> settingsJson;  // a JSON object; "{}" when absent
};

// What to change on a project; absent fields stay as they are.
struct ProjectChanges {
    std::optional<std::string> name;
    std::optional<domain::ProjectSchema> schema;
    std::optional<std::string> leadMagnetHost;
    std::optional<std::int64_t> creditsPerGeneration;
    std::optional<std::string> settingsJson;
};

struct CampaignDraft {
    std::string organisationId;
    std::string name;
    std::optional<std::string> webhookUrl;
    std::optional<std::string> calendarUrl;
    std::optional<std::string> icpJson;
    std::optional<std::string> sequenceJson;
    std::optional<std::string> projectId = std::nullopt;  // its lead magnets' project
};

// What to change on a campaign; absent fields stay as they are, and an empty URL, ICP criteria
// or sequence is removed (no webhook, every prospect qualifies, no emails).
struct CampaignChanges {
    std::optional<std::string> name;
    std::optional<std::string> webhookUrl;
    std::optional<std::string> calendarUrl;
    std::optional<std::string> icpJson;
    std::optional<std::string> sequenceJson;
    // The secret calendar services sign bookings with (docs/calendars.md): one the operator
    // chose (16 to 200 printable characters, no spaces), or a new random one.
    std::optional<std::string> intakeSecret;
    bool newIntakeSecret = false;
    // The project its qualified prospects' lead magnets are made in (a project of the campaign's
    // organisation); "" removes it.
    std::optional<std::string> projectId = std::nullopt;
};

struct ApiKeyDraft {
    std::string organisationId;
    std::string name;
    std::vector<std::string> projectIds;  // empty: every project of the organisation
    std::optional<domain::Timestamp> expiresAt;
    std::optional<std::string> fixedKey;  // provisioning may pin the key value
};

// A key just created: the only moment its plaintext exists.
struct CreatedApiKey {
    domain::ApiKey key;
    std::string plaintext;
};

// The operations an operator performs on organisations, projects, campaigns and API keys,
// shared by lodestonectl, the API, the dashboard and start-up provisioning. Works on the
// repositories it is given, so a caller decides the transaction: one per command in
// lodestonectl, one for all of provisioning. Given an `actor` ("lodestonectl", "api key …", an
// operator's email), each change is also written to the organisation's audit log in that
// transaction; without one (provisioning, or a caller that records its own entry) it is not.
class Administration {
  public:
    Administration(storage::Repositories& repositories, domain::Timestamp now,
                   std::optional<std::string> actor = std::nullopt);

    domain::Organisation createOrganisation(const std::string& name, std::int64_t credits);
    domain::Organisation organisation(const std::string& id);  // NotFound
    std::int64_t addCredits(const std::string& organisationId, std::int64_t delta);

    domain::Project createProject(const ProjectDraft& draft);
    domain::Project updateProject(const std::string& id, const ProjectChanges& changes);
    domain::Project project(const std::string& id);  // NotFound

    domain::Campaign createCampaign(const CampaignDraft& draft);
    domain::Campaign updateCampaign(const std::string& id, const CampaignChanges& changes);
    domain::Campaign campaign(const std::string& id);  // NotFound
    // A new signing secret; the current one becomes the previous, signing too until
    // kPreviousWebhookSecretLifetime from now. Only one previous secret is kept, so a second
    // rotation within that time stops the oldest at once.
    domain::Campaign rotateWebhookSecret(const std::string& id);
    // Stops the campaign's email (docs/outreach.md): its due sends stay pending until it is
    // resumed. Pausing a paused campaign changes nothing (it keeps its pausedAt) and is not
    // audited again. NotFound.
    domain::Campaign pauseCampaign(const std::string& id);
    // Lets a paused campaign's sends go out again, in its windows and caps; nothing changes for
    // an active one. NotFound.
    domain::Campaign resumeCampaign(const std::string& id);

    CreatedApiKey createApiKey(const ApiKeyDraft& draft);
    // Restricts a key to these projects (empty: all); they must belong to its organisation.
    void restrictApiKey(const domain::ApiKey& key, const std::vector<std::string>& projectIds);
    // False if it was already revoked.
    bool revokeApiKey(const std::string& id);

  private:
    // The project and sequence of `changes` on `campaign`, checked together: a sequence that
    // names {{leadMagnetUrl}} or {{leadMagnetTitle}} needs a project.
    void applyLeadMagnetProject(domain::Campaign& campaign, const CampaignChanges& changes);
    void checkProjectsBelongTo(const std::string& organisationId,
                               const std::vector<std::string>& projectIds);

    // Records one change in the audit log when there is an actor.
    void audit(const std::string& organisationId, const std::string& action,
               const std::string& subject, const std::string& detail);

    storage::Repositories& repositories_;
    domain::Timestamp now_;
    std::optional<std::string> actor_;
};

// An email sequence read from a file (lodestonectl's --sequence): its JSON when it is one
// (docs/outreach.md); else InvalidRequest naming the file, the line and the key of the problem.
std::string checkedSequenceFile(const config::MappingDocument& document);
// ICP criteria read from a file (lodestonectl's --icp), likewise.
std::string checkedIcpFile(const config::MappingDocument& document);

// Checks an operator-supplied name: not empty, at most 200 bytes, one line of UTF-8 text
// (domain::textLineFlaw); throws InvalidRequest naming `what` and showing the name escaped.
std::string checkedName(const std::string& what, const std::string& name);
// Checks a URL by the one URL rule (domain/Urls.hpp) and drops a trailing slash; throws
// InvalidRequest naming `what`, the rule, the URL (control characters shown as escapes) and
// what is wrong with it.
std::string checkedHttpUrl(const std::string& what, const std::string& url);
// Checks a lead-magnet host: an http(s) origin without a path (leads are served at its root).
std::string checkedLeadMagnetHost(const std::string& url);

}  // namespace lodestone::admin
