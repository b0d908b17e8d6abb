#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "Commands.hpp"

namespace lodestone::ctl {

// The config lodestonectl reads without --config and $LODESTONE_CONFIG, as lodestoned does.
inline constexpr const char* kDefaultConfig = "/etc/lodestone/lodestone.yaml";

// `lodestonectl --help`: every command's synopsis and the global options.
void printUsage(std::ostream& out, const std::vector<Command>& commands);
// `lodestonectl campaign --help`: the synopses of one group's commands.
void printGroupUsage(std::ostream& out, const std::vector<Command>& commands,
                     const std::string& group);
// `lodestonectl campaign create --help`: one command's synopsis and its help.
void printCommandUsage(std::ostream& out, const Command& command);

}  // namespace lodestone::ctl
