#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "CommandLine.hpp"
#include "Output.hpp"
#include "config/Config.hpp"
#include "domain/Clock.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/Store.hpp"

namespace lodestone::ctl {

// Who lodestonectl's changes are written to the audit log as.
inline constexpr const char* kActor = "lodestonectl";

// One `lodestonectl <group> <verb>` command, or a one-word command (`backup FILE`) with no verb.
struct Command {
    std::string group;
    std::string verb;      // empty for a one-word command
    std::string synopsis;  // for usage: "org create NAME [--credits N]"
    // What `lodestonectl <command> --help` says below the synopsis: what the command does and
    // what each of its arguments means.
    std::string help;
    std::vector<FlagSpec> flags;
    // With the loaded config, for what a command checks against it (a webhook URL against
    // webhooks.allow_private_networks), on the store with its migrations applied.
    // `clock`: lodestonectl's one clock, which dates what a command writes.
    std::function<Result(const Arguments&, storage::Store&, const config::Config&,
                         const domain::Clock& clock)>
        run;
    // Instead of `run`, for a command that must not open the store through lodestone's own code
    // (which migrates it): backup copies the database exactly as it is.
    std::function<Result(const Arguments&, const config::Config&, const domain::Clock&)>
        runOnConfig = {};

    // "campaign create", "backup".
    std::string name() const { return verb.empty() ? group : group + " " + verb; }
};

std::vector<Command> organisationCommands();
std::vector<Command> projectCommands();
std::vector<Command> campaignCommands();
// `campaign preview` and `campaign test-send` (CampaignPreviewCommands.cpp).
std::vector<Command> campaignPreviewCommands();
// `campaign import` (ImportCommands.cpp).
std::vector<Command> importCommands();
// `campaign stats` (CampaignStatsCommands.cpp).
std::vector<Command> campaignStatsCommands();
std::vector<Command> apiKeyCommands();
std::vector<Command> webhookCommands();
std::vector<Command> backupCommands();
std::vector<Command> reloadCommands();
std::vector<Command> listCommands();
std::vector<Command> userCommands();
std::vector<Command> endpointCommands();
// `suppression ...` and `prospect erase` (SuppressionCommands.cpp).
std::vector<Command> suppressionCommands();

// `campaign export` (ExportCommands.cpp): a campaign's prospects as CSV, a prospect's data.
std::vector<Command> exportCommands();

// The prospects of campaign `campaignId` a command's --status, --search and --min-score ask for
// (ListCommands.cpp), and those flags' help, the same for `campaign leads` and `campaign export`.
storage::ProspectFilter prospectFilterFrom(const Arguments& args, const std::string& campaignId);
extern const std::string kProspectFilterHelp;

// Every command, in the order usage lists them.
std::vector<Command> allCommands();

// A list's --org names an organisation that exists (else storage::NotFound, saying so), so a
// mistyped id is an error rather than an empty list.
void checkOrganisationFilter(storage::Repositories& repos, const Arguments& args,
                             const domain::Clock& clock);

}  // namespace lodestone::ctl
