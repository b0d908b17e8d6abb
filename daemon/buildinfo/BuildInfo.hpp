#pragma once

#include <string>

namespace lodestone::buildinfo {

// What was built: the project's version, the git commit it was built from ("unknown" outside a
// git checkout) and the build date (UTC, ISO 8601). Defined in a .cpp generated at configure
// time (cmake/LodestoneBuildInfo.cmake), so a new commit recompiles that one file only.
const char* version();
const char* commit();
const char* buildDate();

// "0.1.0 (commit 1a2b3c4, built 2024-05-01T12:00:00Z)", for --version.
std::string describe();

}  // namespace lodestone::buildinfo
