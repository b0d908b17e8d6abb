#pragma once

#include <optional>

#include "bench/support/Flags.hpp"

namespace lodestone::bench::webhook {

struct Options : CommonOptions {
    Options() : CommonOptions(60) {}

    int events = 5000;
    int clients = 8;
    int concurrency = 16;  // webhooks.concurrency; the daemon's default
    int rate = 50;
    int duration = 20;
    int receiverThreads = 0;  // 0: concurrency + 4

    int latencyEvents() const { return rate * duration; }
    int receiverPool() const { return receiverThreads > 0 ? receiverThreads : concurrency + 4; }
};

// nullopt after --help, which prints the usage.
std::optional<Options> parseOptions(int argc, char** argv);

}  // namespace lodestone::bench::webhook
