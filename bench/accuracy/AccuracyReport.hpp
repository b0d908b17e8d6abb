#pragma once

#include <vector>

#include "bench/accuracy/AccuracyRun.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::accuracy {

// One configuration's block: how the run went, then the share of right answers per label.
void printRun(const Options& options, const RunResult& result,
              const std::vector<lodestone::test::LabelledProspect>& prospects);
// The configurations side by side, in the layout of the unit test's table.
void printSummary(const Machine& machine, const std::vector<RunResult>& results);

}  // namespace lodestone::bench::accuracy
