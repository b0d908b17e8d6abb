#include "admin/Provisioner.hpp"

#include <algorithm>
#include <map>

#include "admin/Administration.hpp"
#include "admin/WebhookAddress.hpp"
#include "domain/Secrets.hpp"
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::admin {
namespace {

class Provisioning {
  public:
    Provisioning(storage::Repositories& repositories, const domain::Clock& clock,
                 ProvisionReport& report)
        : repositories_(repositories),
          clock_(clock),
          admin_(repositories, clock.now()),
          report_(report) {}

    void organisation(const config::OrganisationSpec& spec) {
        auto existing = repositories_.organisations().findByName(spec.name);
        domain::Organisation org =
            existing ? *existing : admin_.createOrganisation(spec.name, spec.initialCredits);
        if (!existing) note("created organisation \"" + spec.name + "\" (" + org.id + ")");
        std::map<std::string, std::string> projectIds;
        for (const auto& project : spec.projects) {
            projectIds[project.name] = this->project(org, project);
        }
        for (const auto& campaign : spec.campaigns) this->campaign(org, campaign, projectIds);
        for (const auto& key : spec.apiKeys) apiKey(org, key, projectIds);
    }

  private:
    std::string project(const domain::Organisation& org, const config::ProjectSpec& spec) {
        auto existing = repositories_.projects().findByName(org.id, spec.name);
        if (!existing) {
            auto created =
                admin_.createProject({org.id, spec.name, spec.schema, spec.leadMagnetHost,
                                      spec.creditsPerGeneration, spec.settingsJson});
            note("created project \"" + spec.name + "\" (" + created.id + ")");
            return created.id;
        }
        ProjectChanges changes;
        if (spec.schema && spec.schema->toJson() != existing->schema.toJson()) {
            changes.schema = spec.schema;
        }
        if (spec.leadMagnetHost && spec.leadMagnetHost != existing->leadMagnetHost) {
            changes.leadMagnetHost = spec.leadMagnetHost;
        }
        if (spec.creditsPerGeneration &&
            *spec.creditsPerGeneration != existing->creditsPerGeneration) {
            changes.creditsPerGeneration = spec.creditsPerGeneration;
        }
        if (spec.settingsJson && *spec.settingsJson != existing->settingsJson) {
            changes.settingsJson = spec.settingsJson;
        }
        if (changes.schema || changes.leadMagnetHost || changes.creditsPerGeneration ||
            changes.settingsJson) {
            admin_.updateProject(existing->id, changes);
            note("updated project \"" + spec.name + "\" (" + existing->id + ")");
        }
        return existing->id;
    }

    void campaign(const domain::Organisation& org, const config::CampaignSpec& spec,
                  const std::map<std::string, std::string>& projectIds) {
        auto existing = repositories_.campaigns().findByName(org.id, spec.name);
        std::optional<std::string> projectId;
        if (spec.project) projectId = projectIds.at(*spec.project);
        if (!existing) {
            auto created =
                admin_.createCampaign({org.id, spec.name, spec.webhookUrl, spec.calendarUrl,
                                       spec.icpJson, spec.sequenceJson, projectId});
            note("created campaign \"" + spec.name + "\" (" + created.id + ")");
            return;
        }
        CampaignChanges changes;
        if (spec.webhookUrl && spec.webhookUrl != existing->webhookUrl) {
            changes.webhookUrl = spec.webhookUrl;
        }
        if (spec.calendarUrl && spec.calendarUrl != existing->calendarUrl) {
            changes.calendarUrl = spec.calendarUrl;
        }
        if (spec.icpJson && spec.icpJson != existing->icpJson) changes.icpJson = spec.icpJson;
        if (spec.sequenceJson && spec.sequenceJson != existing->sequenceJson) {
            changes.sequenceJson = spec.sequenceJson;
        }
        if (projectId && projectId != existing->projectId) changes.projectId = projectId;
        if (changes.webhookUrl || changes.calendarUrl || changes.icpJson || changes.sequenceJson ||
            changes.projectId) {
            admin_.updateCampaign(existing->id, changes);
            note("updated campaign \"" + spec.name + "\" (" + existing->id + ")");
        }
    }

    void apiKey(const domain::Organisation& org, const config::ApiKeySpec& spec,
                const std::map<std::string, std::string>& projectIds) {
        std::vector<std::string> scope;
        for (const auto& name : spec.projects) scope.push_back(projectIds.at(name));
        auto now = clock_.now();
        std::optional<domain::ApiKey> current;
        for (const auto& key : repositories_.apiKeys().findByName(org.id, spec.name)) {
            if (key.isRevoked() || key.isExpiredAt(now)) continue;
            if (spec.key && key.hash != domain::hashApiKey(*spec.key)) {
                // The pinned value changed: the old key is retired, the new one replaces it.
                admin_.revokeApiKey(key.id);
                note("revoked API key \"" + spec.name + "\" (" + key.id + "): its value changed");
                continue;
            }
            current = key;
        }
        if (current) {
            std::vector<std::string> wanted = scope, stored = current->projectIds;
            std::sort(wanted.begin(), wanted.end());
            std::sort(stored.begin(), stored.end());
            if (wanted != stored) {
                admin_.restrictApiKey(*current, scope);
                note("updated the projects of API key \"" + spec.name + "\" (" + current->id + ")");
            }
            return;
        }
        std::optional<domain::Timestamp> expiresAt;
        if (spec.expiresIn) expiresAt = now + spec.expiresIn->count();
        auto created = admin_.createApiKey({org.id, spec.name, scope, expiresAt, spec.key});
        note("created API key \"" + spec.name + "\" (" + created.key.id + ")");
        if (spec.key) return;  // the operator already knows a pinned value
        std::optional<std::string> exampleProject;
        if (!scope.empty()) {
            exampleProject = scope.front();
        } else if (!projectIds.empty()) {
            exampleProject = repositories_.projects().list(org.id).front().id;
        }
        std::optional<std::string> exampleCampaign;
        if (auto campaigns = repositories_.campaigns().list(org.id); !campaigns.empty()) {
            exampleCampaign = campaigns.front().id;
        }
        report_.newKeys.push_back({org.name, spec.name, created.key.id, created.plaintext,
                                   exampleProject, exampleCampaign});
    }

    void note(std::string line) { report_.changes.push_back(std::move(line)); }

    storage::Repositories& repositories_;
    const domain::Clock& clock_;
    Administration admin_;
    ProvisionReport& report_;
};

}  // namespace

ProvisionReport provision(storage::Store& store, const config::ProvisionConfig& spec,
                          const domain::Clock& clock) {
    ProvisionReport report;
    for (int attempt = 1;; ++attempt) {
        try {
            store.write([&](storage::Repositories& repositories) {
                report = ProvisionReport{};  // a retried transaction starts its report afresh
                Provisioning provisioning(repositories, clock, report);
                for (const auto& organisation : spec.organisations) {
                    provisioning.organisation(organisation);
                }
            });
            return report;
        } catch (const storage::Conflict&) {
            // Hosts of one PostgreSQL database starting at once provision the same names: the
            // one that lost finds the winner's rows, committed, on its second try.
            if (attempt == 2) throw;
        }
    }
}

void checkProvision(const config::ProvisionConfig& spec) {
    config::Diagnostics problems;
    for (const auto& organisation : spec.organisations) {
        for (const auto& campaign : organisation.campaigns) {
            if (campaign.icpJson) {
                try {
                    outreach::IcpCriteria::parse(*campaign.icpJson);
                } catch (const outreach::IcpError& e) {
                    problems.add(config::locatedInMapping(campaign.icpLocation, campaign.icpLines,
                                                          e.path(), e.problem()));
                }
            }
            if (campaign.sequenceJson) {
                try {
                    outreach::Sequence::parse(*campaign.sequenceJson);
                } catch (const outreach::SequenceError& e) {
                    problems.add(config::locatedInMapping(
                        campaign.sequenceLocation, campaign.sequenceLines, e.path(), e.problem()));
                }
            }
        }
    }
    problems.throwIfAny();
}

std::vector<std::string> provisionWarnings(const config::Config& config) {
    std::vector<std::string> warnings;
    for (const auto& organisation : config.provision.organisations) {
        for (const auto& campaign : organisation.campaigns) {
            if (!campaign.webhookUrl) continue;
            if (auto warning = webhookAddressWarning(*campaign.webhookUrl,
                                                     config.webhooks.allowPrivateNetworks)) {
                warnings.push_back(config::located(campaign.webhookUrlLocation, *warning));
            }
        }
    }
    return warnings;
}

}  // namespace lodestone::admin
