#pragma once

#include <vector>

#include "bench/email/EmailOptions.hpp"
#include "bench/email/EmailResults.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::email {

// One measurement's figures on stdout, and with --json as one JSON line.
void printMeasurement(const Options& options, const Measurement& m);
void printJson(const Options& options, const Machine& machine, const Measurement& m);

// Medians and ranges over the rounds, per mode and concurrency.
void printSummary(const Options& options, const Machine& machine,
                  const std::vector<Measurement>& all);

}  // namespace lodestone::bench::email
