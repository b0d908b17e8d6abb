#pragma once

#include <vector>

#include "bench/flow/FlowOptions.hpp"
#include "bench/flow/FlowResults.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::flow {

// One measurement's figures on stdout, and with --json as one JSON line.
void printMeasurement(const Options& options, const Measurement& m);
void printJson(const Options& options, const Machine& machine, const Measurement& m);

// Medians and ranges over the rounds.
void printSummary(const Options& options, const Machine& machine,
                  const std::vector<Measurement>& all);

}  // namespace lodestone::bench::flow
