#pragma once

#include <cstdint>

#include "bench/flow/FlowResults.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::bench::flow {

// After a measurement: what the daemon recorded (read-only) and what the SMTP server accepted,
// into `m`, and whether each of `prospects` got exactly one email, linking to its own lead
// magnet, and nothing failed (m.verification). `checkPages` of the linked pages are requested
// from the daemon on `port`.
void collect(ReadOnlyDatabase& db, const lodestone::test::SmtpSink& sink, std::uint16_t port,
             int prospects, int checkPages, Measurement& m);

// The daemon's resident memory and threads now, from /proc/<pid>/status.
Memory memoryOf(pid_t pid);

}  // namespace lodestone::bench::flow
