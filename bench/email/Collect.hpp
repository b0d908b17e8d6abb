#pragma once

#include "bench/email/EmailResults.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::bench::email {

// After a measurement: what the daemon recorded (read-only) and what the SMTP server accepted,
// into `m`, and whether every one of `prospects` got each of `steps` emails exactly once, to its
// own address, and nothing failed (m.verification).
void collect(ReadOnlyDatabase& db, const lodestone::test::SmtpSink& sink, int prospects, int steps,
             Measurement& m);

}  // namespace lodestone::bench::email
