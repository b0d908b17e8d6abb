#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/support/RunDir.hpp"
#include "bench/webhook/Receiver.hpp"
#include "bench/webhook/WebhookOptions.hpp"
#include "bench/webhook/WebhookResults.hpp"
#include "support/Process.hpp"

namespace lodestone::bench::webhook {

// One client books a meeting every 1/rate s for `duration` s on the running daemon; then the
// delay of each event from its outbox row's created_at to its first arrival at the receiver.
// The meetings are for the prospects after the backlog's in `prospects`.
Delay measureDelay(const Options& options, lodestone::test::ChildProcess& daemon,
                   std::uint16_t port, const RunDir& dir, const Receiver& receiver,
                   const std::vector<std::string>& prospects);

}  // namespace lodestone::bench::webhook
