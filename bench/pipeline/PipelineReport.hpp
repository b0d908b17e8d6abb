#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "bench/pipeline/PipelineOptions.hpp"
#include "bench/support/ApiClient.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/Stats.hpp"

namespace lodestone::bench::pipeline {

struct Finished {
    std::int64_t completed = 0;
    std::int64_t failed = 0;
};

// Everything a run reports.
struct Results {
    std::int64_t created = 0;
    Finished finished;
    double createSeconds = 0;
    double endToEndSeconds = 0;
    double drainSeconds = 0;
    double pollingSeconds = 0;  // first create -> completion seen
    double detectLagMs = 0;     // how late the 100 ms completion checks saw the end
    Summary createLatency, statusLatency, jobLatency;
    ClientStats creates, polls;
    CpuUse cpu;
    std::int64_t dbBytes = 0;
    DaemonExit exit;
    std::optional<std::string> abortReason;
    Machine machine;

    double createRate() const { return static_cast<double>(created) / createSeconds; }
    double endToEndRate() const { return static_cast<double>(created) / endToEndSeconds; }
};

void printTable(const Options& options, const Results& r, const std::filesystem::path& dir);
void printJson(const Options& options, const Results& r);

}  // namespace lodestone::bench::pipeline
