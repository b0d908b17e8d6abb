#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "bench/support/Flags.hpp"

namespace lodestone::bench::email {

struct Options : CommonOptions {
    Options() : CommonOptions(60) {}

    int prospects = 1000;
    int steps = 1;
    // pipeline.mailer.concurrency, one measurement per value in each round (the daemon's
    // default is 4).
    std::vector<int> concurrencies{4};
    int rounds = 1;
    int clients = 8;
    // Also measure a backlog: the prospects qualified first, their emails sent by a fresh
    // daemon with nothing else to do.
    bool backlog = false;
    // Where the SMTP server keeps its messages (in a fresh directory); empty: the system's temp
    // directory, beside the daemon's run directory.
    std::filesystem::path sinkParent;

    int emails() const { return prospects * steps; }
};

// nullopt after --help, which prints the usage.
std::optional<Options> parseOptions(int argc, char** argv);

}  // namespace lodestone::bench::email
