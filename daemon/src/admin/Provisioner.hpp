#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/Config.hpp"
#include "storage/Store.hpp"

namespace lodestone::admin {

// A key provisioning generated: shown once, on the start that created it.
struct ProvisionedKey {
    std::string organisationName;
    std::string name;
    std::string id;
    std::string plaintext;
    std::optional<std::string> projectId;   // a project the key may use, for an example call
    std::optional<std::string> campaignId;  // a campaign of its organisation, likewise
};

struct ProvisionReport {
    std::vector<std::string> changes;  // one line per created or updated thing, nothing secret
    std::vector<ProvisionedKey> newKeys;
};

// Creates or updates what `provision:` declares, in one transaction, identifying each thing by
// its name (organisations globally, the rest within their organisation). Running it again with
// the same config changes nothing. Never deletes; credits are granted only when an organisation
// is created.
ProvisionReport provision(storage::Store& store, const config::ProvisionConfig& spec,
                          const domain::Clock& clock);

// Judges what config reads in `provision:` without knowing its meaning: each campaign's ICP
// criteria, by outreach's rules (docs/icp.md). Throws config::ConfigError listing every problem,
// each naming the file, line and key path as the config loader does. lodestoned calls it right
// after loading the config (so also in --check-config), before anything is provisioned.
void checkProvision(const config::ProvisionConfig& spec);

// What `provision:` declares that is valid but likely not what the operator means: a campaign's
// webhook_url whose host deliveries will refuse (webhookAddressWarning, under the config's
// webhooks.allow_private_networks). One line each, naming file, line and key as errors do.
// lodestoned logs them when it provisions and --check-config prints them.
std::vector<std::string> provisionWarnings(const config::Config& config);

}  // namespace lodestone::admin
