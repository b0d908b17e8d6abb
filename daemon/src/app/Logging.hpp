#pragma once

#include "config/Config.hpp"

namespace lodestone::app {

// Sends every logger to standard error (journald under systemd) or to logging.file, at
// logging.level, one line per message.
void configureLogging(const config::LoggingConfig& logging);

}  // namespace lodestone::app
