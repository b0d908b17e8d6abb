#pragma once

#include "bench/flow/FlowOptions.hpp"
#include "bench/flow/FlowResults.hpp"

namespace lodestone::bench::flow {

// One measurement on a fresh SMTP server, run directory and database: the daemon is started,
// --prospects leads are added to the campaign from --clients threads, and the run lasts until
// the server has accepted an email for every one of them (or nothing progresses for
// --stall-timeout). Then what the daemon recorded and the server accepted is read and checked,
// a sample of the lead-magnet pages is requested, and the daemon is stopped with SIGTERM.
Measurement measure(const Options& options, int round);

}  // namespace lodestone::bench::flow
