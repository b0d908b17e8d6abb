#pragma once

#include <functional>
#include <string>
#include <vector>

#include "CommandLine.hpp"
#include "Output.hpp"
#include "storage/Store.hpp"

namespace lodestone::ctl {

// One `lodestonectl <group> <verb>` command.
struct Command {
    std::string group;
    std::string verb;
    std::string synopsis;  // for usage: "org create NAME [--credits N]"
    std::vector<FlagSpec> flags;
    std::function<Result(const Arguments&, storage::Store&)> run;
};

std::vector<Command> organisationCommands();
std::vector<Command> projectCommands();
std::vector<Command> campaignCommands();
std::vector<Command> apiKeyCommands();
std::vector<Command> webhookCommands();

}  // namespace lodestone::ctl
