#pragma once

#include "domain/Durations.hpp"

namespace lodestone::config {

// The configuration's durations are the domain's (domain/Durations.hpp), parsed by its one
// parser: the names stay here because every config section is written in them.
using Duration = domain::Duration;
using domain::formatDuration;
using domain::parseDuration;

}  // namespace lodestone::config
