#include "admin/Administration.hpp"

#include <Poco/JSON/Parser.h>
#include <Poco/URI.h>

#include <algorithm>

#include "domain/Ids.hpp"
#include "domain/InputText.hpp"
#include "domain/Secrets.hpp"
#include "domain/Urls.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "pages/PageRenderer.hpp"
#include "pages/PageSettings.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/EmailSendQueue.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::admin {
namespace {

constexpr std::size_t kMinIntakeSecret = 16;
constexpr std::size_t kMaxIntakeSecret = 200;

// Calendar services take the secret as typed into their settings, so it is kept as given; it
// must be long enough not to be guessed and plain enough to be typed.
std::string checkedIntakeSecret(const std::string& secret) {
    const bool printable =
        std::all_of(secret.begin(), secret.end(), [](char c) { return c > ' ' && c < 127; });
    if (!printable || secret.size() < kMinIntakeSecret || secret.size() > kMaxIntakeSecret) {
        throw InvalidRequest("an intake secret is " + std::to_string(kMinIntakeSecret) + " to " +
                             std::to_string(kMaxIntakeSecret) +
                             " printable ASCII characters without spaces");
    }
    return secret;
}

constexpr std::size_t kMaxNameLength = 200;

// A page template, and the settings pages read (language, brand, calendar_url, format), are
// checked when they are set, not when a job first needs them.
void checkProjectSettings(const std::string& json) {
    try {
        pages::checkPageSettings(json);
    } catch (const pages::InvalidPageSettings& e) {
        throw InvalidRequest(e.what());
    }
    auto settings = Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
    auto page = settings->getObject("page");
    if (!page || !page->has("template")) return;
    auto text = page->get("template");
    if (!text.isString()) throw InvalidRequest("settings.page.template must be text");
    try {
        pages::checkPageTemplate(text.extract<std::string>());
    } catch (const pages::InvalidPageTemplate& e) {
        throw InvalidRequest(std::string("settings.") + e.what());
    }
}

// ICP criteria and project settings are stored as JSON objects.
std::string checkedMapping(const std::string& what, const std::string& json) {
    try {
        auto parsed = Poco::JSON::Parser().parse(json);
        if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
            throw InvalidRequest(what + " must be a mapping");
        }
    } catch (const Poco::Exception& e) {
        throw InvalidRequest(what + " are not valid JSON: " + e.displayText());
    }
    return json;
}

// Refused here rather than when the first prospect is scored (docs/icp.md has the format).
std::string checkedIcp(const std::string& json) {
    checkedMapping("ICP criteria", json);
    try {
        outreach::IcpCriteria::parse(json);
    } catch (const outreach::IcpError& e) {
        throw InvalidRequest(std::string("ICP criteria: ") + e.what());
    }
    return json;
}

// Refused here rather than when the first prospect qualifies (docs/outreach.md has the format).
std::string checkedSequence(const std::string& json) {
    checkedMapping("the email sequence", json);
    try {
        outreach::Sequence::parse(json);
    } catch (const outreach::SequenceError& e) {
        throw InvalidRequest(std::string("email sequence: ") + e.what());
    }
    return json;
}

// An empty setting removes it; any other is checked.
template <typename Check>
std::optional<std::string> removedOr(const std::string& value, Check check) {
    if (value.empty()) return std::nullopt;
    return check();
}

// The URLs, ICP criteria and sequence of `changes`, checked, on `campaign`.
void applySettings(domain::Campaign& campaign, const CampaignChanges& changes) {
    if (changes.webhookUrl)
        campaign.webhookUrl = removedOr(*changes.webhookUrl, [&] {
            return checkedHttpUrl("webhook URL", *changes.webhookUrl);
        });
    if (changes.calendarUrl)
        campaign.calendarUrl = removedOr(*changes.calendarUrl, [&] {
            return checkedHttpUrl("calendar URL", *changes.calendarUrl);
        });
    if (changes.icpJson)
        campaign.icpJson =
            removedOr(*changes.icpJson, [&] { return checkedIcp(*changes.icpJson); });
    if (changes.sequenceJson)
        campaign.sequenceJson = removedOr(*changes.sequenceJson,
                                          [&] { return checkedSequence(*changes.sequenceJson); });
}

std::int64_t checkedCost(std::int64_t credits) {
    if (credits < 0) throw InvalidRequest("credits per generation cannot be negative");
    return credits;
}

}  // namespace

namespace {

// "file:line: path: problem", the line being that of the key at `path` in the file.
InvalidRequest fileProblem(const config::MappingDocument& document, const std::string& path,
                           const std::string& problem) {
    return InvalidRequest(
        config::locatedInMapping({document.lines.file, 0, "", {}}, document.lines, path, problem));
}

}  // namespace

std::string checkedSequenceFile(const config::MappingDocument& document) {
    try {
        outreach::Sequence::parse(document.json);
    } catch (const outreach::SequenceError& e) {
        throw fileProblem(document, e.path(), e.problem());
    }
    return document.json;
}

std::string checkedIcpFile(const config::MappingDocument& document) {
    try {
        outreach::IcpCriteria::parse(document.json);
    } catch (const outreach::IcpError& e) {
        throw fileProblem(document, e.path(), e.problem());
    }
    return document.json;
}

std::string checkedName(const std::string& what, const std::string& name) {
    if (name.find_first_not_of(" \t") == std::string::npos)
        throw InvalidRequest(what + " name must not be empty or blank");
    // Names are shown in terminals, logs and pages: see domain::textLineFlaw.
    if (auto flaw = domain::textLineFlaw(name); flaw != domain::CharacterFlaw::None) {
        throw InvalidRequest(what + " name \"" + domain::visibleText(name) + "\" " +
                             domain::describe(flaw) + "; a name is one line of UTF-8 text");
    }
    if (name.size() > kMaxNameLength) {
        throw InvalidRequest(what + " name is longer than " + std::to_string(kMaxNameLength) +
                             " characters");
    }
    return name;
}

std::string checkedHttpUrl(const std::string& what, const std::string& url) {
    auto problem = domain::httpUrlProblem(url);
    if (!problem) return domain::withoutTrailingSlash(url);
    throw InvalidRequest(what + " must be " + domain::kHttpUrlRule + ", got \"" +
                         domain::visibleText(url) + "\", which " + *problem);
}

std::string checkedLeadMagnetHost(const std::string& url) {
    if (domain::isHttpOrigin(url)) return domain::withoutTrailingSlash(url);
    throw InvalidRequest(
        "lead-magnet host must be an http:// or https:// origin with no path, such as "
        "https://go.example.com, got \"" +
        domain::visibleText(url) + "\", which " +
        domain::httpUrlProblem(url).value_or("has a path, a query or a fragment"));
}

Administration::Administration(storage::Repositories& repositories, domain::Timestamp now,
                               std::optional<std::string> actor)
    : repositories_(repositories), now_(now), actor_(std::move(actor)) {}

domain::Organisation Administration::createOrganisation(const std::string& name,
                                                        std::int64_t credits) {
    if (credits < 0) throw InvalidRequest("initial credits cannot be negative");
    domain::Organisation organisation{domain::newId(domain::IdKind::Organisation),
                                      checkedName("organisation", name), 0, now_, now_};
    repositories_.organisations().insert(organisation);
    if (credits > 0) {
        organisation.credits = repositories_.organisations().changeCredits(
            {organisation.id, credits, storage::CreditReason::Grant, std::nullopt, now_});
    }
    audit(organisation.id, "organisation.create", organisation.id,
          "Created organisation " + organisation.name);
    return organisation;
}

domain::Organisation Administration::organisation(const std::string& id) {
    auto found = repositories_.organisations().find(id);
    if (!found) throw storage::NotFound("no organisation with id " + id);
    return *found;
}

std::int64_t Administration::addCredits(const std::string& organisationId, std::int64_t delta) {
    auto credits = repositories_.organisations().changeCredits(
        {organisationId, delta, storage::CreditReason::Adjustment, std::nullopt, now_});
    audit(organisationId, "organisation.credits", organisationId,
          "Added " + std::to_string(delta) + " credits");
    return credits;
}

domain::Project Administration::createProject(const ProjectDraft& draft) {
    organisation(draft.organisationId);
    domain::Project project;
    project.id = domain::newId(domain::IdKind::Project);
    project.organisationId = draft.organisationId;
    project.name = checkedName("project", draft.name);
    project.schema = draft.schema.value_or(domain::ProjectSchema::defaults());
    if (draft.leadMagnetHost) project.leadMagnetHost = checkedLeadMagnetHost(*draft.leadMagnetHost);
    project.creditsPerGeneration = checkedCost(draft.creditsPerGeneration.value_or(1));
    if (draft.settingsJson) {
        project.settingsJson = checkedMapping("project settings", *draft.settingsJson);
        checkProjectSettings(project.settingsJson);
    }
    project.createdAt = project.updatedAt = now_;
    repositories_.projects().insert(project);
    audit(project.organisationId, "project.create", project.id, "Created project " + project.name);
    return project;
}

domain::Project Administration::updateProject(const std::string& id,
                                              const ProjectChanges& changes) {
    domain::Project project = this->project(id);
    if (changes.name) project.name = checkedName("project", *changes.name);
    if (changes.schema) project.schema = *changes.schema;
    if (changes.leadMagnetHost) {
        project.leadMagnetHost = checkedLeadMagnetHost(*changes.leadMagnetHost);
    }
    if (changes.creditsPerGeneration) {
        project.creditsPerGeneration = checkedCost(*changes.creditsPerGeneration);
    }
    if (changes.settingsJson) {
        project.settingsJson = checkedMapping("project settings", *changes.settingsJson);
        checkProjectSettings(project.settingsJson);
    }
    project.updatedAt = now_;
    repositories_.projects().update(project);
    audit(project.organisationId, "project.update", project.id, "Changed project " + project.name);
    return project;
}

domain::Project Administration::project(const std::string& id) {
    auto found = repositories_.projects().find(id);
    if (!found) throw storage::NotFound("no project with id " + id);
    return *found;
}

domain::Campaign Administration::createCampaign(const CampaignDraft& draft) {
    organisation(draft.organisationId);
    domain::Campaign campaign;
    campaign.id = domain::newId(domain::IdKind::Campaign);
    campaign.organisationId = draft.organisationId;
    campaign.name = checkedName("campaign", draft.name);
    campaign.webhookSecret = domain::newWebhookSecret();
    campaign.intakeSecret = domain::newIntakeSecret();
    CampaignChanges settings;
    settings.webhookUrl = draft.webhookUrl;
    settings.calendarUrl = draft.calendarUrl;
    settings.icpJson = draft.icpJson;
    settings.sequenceJson = draft.sequenceJson;
    settings.projectId = draft.projectId;
    applySettings(campaign, settings);
    applyLeadMagnetProject(campaign, settings);
    campaign.createdAt = campaign.updatedAt = now_;
    repositories_.campaigns().insert(campaign);
    audit(campaign.organisationId, "campaign.create", campaign.id,
          "Created campaign " + campaign.name);
    return campaign;
}

domain::Campaign Administration::updateCampaign(const std::string& id,
                                                const CampaignChanges& changes) {
    domain::Campaign campaign = this->campaign(id);
    if (changes.name) campaign.name = checkedName("campaign", *changes.name);
    applySettings(campaign, changes);
    applyLeadMagnetProject(campaign, changes);
    if (changes.intakeSecret && changes.newIntakeSecret) {
        throw InvalidRequest("give an intake secret or ask for a new one, not both");
    }
    if (changes.intakeSecret) campaign.intakeSecret = checkedIntakeSecret(*changes.intakeSecret);
    if (changes.newIntakeSecret) campaign.intakeSecret = domain::newIntakeSecret();
    campaign.updatedAt = now_;
    repositories_.campaigns().update(campaign);
    // A raised cap or a shorter gap applies to the emails already held back.
    if (changes.sequenceJson) repositories_.emailSendQueue().reopenSendingDay(campaign.id);
    audit(campaign.organisationId, "campaign.update", campaign.id,
          "Changed campaign " + campaign.name);
    return campaign;
}

domain::Campaign Administration::campaign(const std::string& id) {
    auto found = repositories_.campaigns().find(id);
    if (!found) throw storage::NotFound("no campaign with id " + id);
    return *found;
}

domain::Campaign Administration::rotateWebhookSecret(const std::string& id) {
    domain::Campaign campaign = this->campaign(id);
    campaign.previousWebhookSecret = campaign.webhookSecret;
    campaign.previousSecretExpiresAt = now_ + kPreviousWebhookSecretLifetime;
    campaign.webhookSecret = domain::newWebhookSecret();
    campaign.updatedAt = now_;
    repositories_.campaigns().update(campaign);
    audit(campaign.organisationId, "webhook.rotate_secret", campaign.id,
          "Rotated the webhook secret of " + campaign.name);
    return campaign;
}

void Administration::applyLeadMagnetProject(domain::Campaign& campaign,
                                            const CampaignChanges& changes) {
    if (changes.projectId) {
        campaign.projectId = std::nullopt;
        if (!changes.projectId->empty()) {
            checkProjectsBelongTo(campaign.organisationId, {*changes.projectId});
            campaign.projectId = changes.projectId;
        }
    }
    if (campaign.projectId || !campaign.sequenceJson) return;
    if (auto use = outreach::leadMagnetUse(outreach::Sequence::parse(*campaign.sequenceJson))) {
        throw InvalidRequest("email sequence: " + *use +
                             ", which needs a lead-magnet project: give the campaign one "
                             "(lodestonectl campaign update ID --project PROJECT_ID, or "
                             "campaigns[].project in provisioning) before a sequence that uses it");
    }
}

void Administration::checkProjectsBelongTo(const std::string& organisationId,
                                           const std::vector<std::string>& projectIds) {
    for (const auto& projectId : projectIds) {
        auto found = repositories_.projects().find(projectId);
        if (!found || found->organisationId != organisationId) {
            throw InvalidRequest("project " + projectId + " is not a project of organisation " +
                                 organisationId);
        }
    }
}

CreatedApiKey Administration::createApiKey(const ApiKeyDraft& draft) {
    organisation(draft.organisationId);
    checkProjectsBelongTo(draft.organisationId, draft.projectIds);
    if (draft.expiresAt && *draft.expiresAt <= now_) {
        throw InvalidRequest("an API key cannot expire in the past");
    }
    domain::NewApiKeySecret secret;
    if (draft.fixedKey) {
        secret = {*draft.fixedKey, domain::hashApiKey(*draft.fixedKey),
                  domain::visiblePrefix(*draft.fixedKey)};
    } else {
        secret = domain::newApiKeySecret();
    }
    domain::ApiKey key;
    key.id = domain::newId(domain::IdKind::ApiKey);
    key.organisationId = draft.organisationId;
    key.name = checkedName("API key", draft.name);
    key.hash = secret.hash;
    key.prefix = secret.prefix;
    key.projectIds = draft.projectIds;
    key.createdAt = now_;
    key.expiresAt = draft.expiresAt;
    repositories_.apiKeys().insert(key);
    audit(key.organisationId, "api_key.create", key.id, "Created API key " + key.name);
    return CreatedApiKey{key, secret.plaintext};
}

void Administration::restrictApiKey(const domain::ApiKey& key,
                                    const std::vector<std::string>& projectIds) {
    checkProjectsBelongTo(key.organisationId, projectIds);
    repositories_.apiKeys().setProjects(key.id, projectIds);
    audit(key.organisationId, "api_key.restrict", key.id,
          "Restricted API key " + key.name + " to " + std::to_string(projectIds.size()) +
              " projects (0: all)");
}

bool Administration::revokeApiKey(const std::string& id) {
    if (!repositories_.apiKeys().revoke(id, now_)) return false;
    if (actor_) {
        if (auto key = repositories_.apiKeys().find(id)) {
            audit(key->organisationId, "api_key.revoke", key->id, "Revoked API key " + key->name);
        }
    }
    return true;
}

}  // namespace lodestone::admin
