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

}  // namespace lodestone::ctl
