#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace lodestone::ctl {

// Exit codes, as sysexits.h where one fits (lodestoned uses the same 64).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // the command failed: message on stderr
inline constexpr int kExitUsage = 64;  // EX_USAGE: the command line was wrong

// Runs one lodestonectl command line (without the program name) and returns the exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace lodestone::ctl
