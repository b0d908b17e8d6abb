#pragma once

#include <memory>

#include "config/Config.hpp"
#include "domain/Clock.hpp"

namespace lodestone::app {

// Sends every logger to standard error (journald under systemd) or to logging.file, at
// logging.level, one line per message.
void configureLogging(const config::LoggingConfig& logging,
                      std::shared_ptr<const domain::Clock> clock);

}  // namespace lodestone::app
