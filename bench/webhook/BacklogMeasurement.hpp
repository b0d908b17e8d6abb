#pragma once

#include <cstdint>

#include "bench/support/Machine.hpp"
#include "bench/support/RunDir.hpp"
#include "bench/webhook/Receiver.hpp"
#include "bench/webhook/WebhookOptions.hpp"
#include "bench/webhook/WebhookResults.hpp"
#include "support/Process.hpp"

namespace lodestone::bench::webhook {

// The measured daemon has just been launched at `startMs`: waits until the receiver has every
// event of the backlog, or every event is settled (delivered or failed) in the outbox.
Backlog measureBacklog(const Options& options, lodestone::test::ChildProcess& daemon,
                       const RunDir& dir, std::int64_t startMs, const Receiver& receiver,
                       std::int64_t events, const CpuMeter& cpu);

}  // namespace lodestone::bench::webhook
