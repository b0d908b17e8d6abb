#pragma once

#include <optional>

#include "bench/support/Flags.hpp"

namespace lodestone::bench::pipeline {

struct Options : CommonOptions {
    Options() : CommonOptions(120) {}

    int jobs = 10000;
    int clients = 8;
    int pollers = 2;
    // The daemon's defaults (docs/configuration.md), so a default run measures a default daemon.
    int researchWorkers = 16;
    int contentWorkers = 16;
    int finalizeWorkers = 4;
};

// nullopt after --help, which prints the usage.
std::optional<Options> parseOptions(int argc, char** argv);

}  // namespace lodestone::bench::pipeline
