#pragma once

#include <functional>
#include <string>
#include <vector>

#include "CommandLine.hpp"
#include "Output.hpp"
#include "config/Config.hpp"
#include "storage/Store.hpp"

namespace lodestone::ctl {

// One `lodestonectl <group> <verb>` command.
struct Command {
    std::string group;
    std::string verb;
    std::string synopsis;  // for usage: "org create NAME [--credits N]"
    std::vector<FlagSpec> flags;
    // With the loaded config, for what a command checks against it (a webhook URL against
    // webhooks.allow_private_networks).
    std::function<Result(const Arguments&, storage::Store&, const config::Config&)> run;
};

std::vector<Command> organisationCommands();
std::vector<Command> projectCommands();
std::vector<Command> campaignCommands();
std::vector<Command> apiKeyCommands();
std::vector<Command> webhookCommands();

}  // namespace lodestone::ctl
