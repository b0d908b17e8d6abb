#pragma once

#include <string>

#include "bench/support/DaemonPhase.hpp"
#include "bench/webhook/WebhookOptions.hpp"

namespace lodestone::bench::webhook {

// The three daemons of a run: one adds the prospects and runs their jobs, one that runs no jobs
// (and so delivers nothing) books the backlog, and the measured one delivers.
enum class Role { Prospects, Booking, Measured };

std::string configYaml(const Options& options, const std::string& webhookUrl, Role role);

}  // namespace lodestone::bench::webhook
