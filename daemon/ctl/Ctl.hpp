#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace lodestone::ctl {

// Runs one lodestonectl command line (without the program name) and returns the exit code:
// 0 done, 1 the command failed (message on `err`), 2 the command line was wrong.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace lodestone::ctl
