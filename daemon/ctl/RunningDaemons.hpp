#pragma once

#include <sys/types.h>

#include <filesystem>
#include <vector>

namespace lodestone::ctl {

// The lodestoned processes on this host that hold `database` open, found through /proc (their
// open files): the daemons of this installation, however each was given its config. Processes
// this user may not inspect (another user's, unless root) are not seen.
std::vector<pid_t> daemonsUsing(const std::filesystem::path& database,
                                const std::filesystem::path& proc = "/proc");

// The lodestoned processes on this host started with `configFile`: by --config/-c on their
// command line, else $LODESTONE_CONFIG in their environment, else the default file, each
// resolved against the process's working folder. For a database with no file on this host
// (PostgreSQL), the config file is what the daemons of one installation share.
std::vector<pid_t> daemonsStartedWith(const std::filesystem::path& configFile,
                                      const std::filesystem::path& proc = "/proc");

}  // namespace lodestone::ctl
