#pragma once

#include <string>
#include <vector>

#include "bench/support/RunDir.hpp"
#include "bench/webhook/WebhookOptions.hpp"
#include "bench/webhook/WebhookResults.hpp"

namespace lodestone::bench::webhook {

// A daemon that runs jobs adds every prospect and researches and scores them; then one that
// runs no jobs books the backlog's meetings, which stay in the outbox. Returns the prospect ids
// by lead number ("" where the lead failed).
std::vector<std::string> prepare(const Options& options, const RunDir& dir,
                                 const std::string& webhookUrl, Results& r);

}  // namespace lodestone::bench::webhook
