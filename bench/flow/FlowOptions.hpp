#pragma once

#include <filesystem>
#include <optional>

#include "bench/support/Flags.hpp"

namespace lodestone::bench::flow {

struct Options : CommonOptions {
    Options() : CommonOptions(60) {}

    int prospects = 10000;
    int rounds = 1;
    int clients = 8;
    // pipeline.mailer.concurrency (the daemon's default is 4).
    int concurrency = 4;
    // Lead-magnet pages, linked from received emails, requested after the measurement.
    int checkPages = 20;
    // Where the SMTP server keeps its messages (in a fresh directory); empty: the system's temp
    // directory, beside the daemon's run directory.
    std::filesystem::path sinkParent;
};

// nullopt after --help, which prints the usage.
std::optional<Options> parseOptions(int argc, char** argv);

}  // namespace lodestone::bench::flow
