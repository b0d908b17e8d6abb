#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace lodestone::domain {

// Every stored timestamp is epoch milliseconds (DESIGN.md, Jobs).
using Timestamp = std::int64_t;

// ISO 8601 UTC with milliseconds, "2026-11-22T09:30:00.123Z".
std::string isoUtc(Timestamp ms);

}  // namespace lodestone::domain
