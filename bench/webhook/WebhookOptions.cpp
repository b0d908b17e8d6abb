#include "bench/webhook/WebhookOptions.hpp"

#include <cstdint>
#include <iostream>
#include <stdexcept>

namespace lodestone::bench::webhook {

namespace {

const char* const kUsage = R"(usage: webhook_bench [options]

Measures meeting_booked webhook delivery by lodestoned against a receiver in this process on
127.0.0.1 that answers 200 at once: how fast a fresh daemon delivers a backlog, and how long an
event waits from being written to its first delivery attempt reaching the receiver.

  --events N             backlog of bookings delivered by a freshly started daemon (5000;
                         0 skips the backlog measurement)
  --clients C            threads adding leads and booking the backlog, one keep-alive
                         connection each (8)
  --concurrency N        webhooks.concurrency: deliveries in flight at once (16)
  --rate R               bookings per second in the delay measurement, from one client (50)
  --duration S           seconds of the delay measurement (20; 0 skips it)
  --sync normal|full     storage.synchronous of the daemon (normal)
  --receiver-threads N   request threads of the receiver (concurrency + 4)
  --keep                 keep the run directory (config, database, the daemons' logs)
  --json                 also print the results as one JSON line
  --pause S              wait S seconds before the delay measurement (to attach a profiler)
  --pid-file FILE        write the pid of the measured daemon to FILE as soon as it starts
  --stall-timeout S      give up when nothing progresses for S seconds (60)
  --help                 this text
)";

}  // namespace

std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << kUsage;
            return std::nullopt;
        } else if (readCommonFlag(flags, options)) {
            continue;
        } else if (flags.is("--events")) {
            options.events = flags.integer(0);
        } else if (flags.is("--clients")) {
            options.clients = flags.integer();
        } else if (flags.is("--concurrency")) {
            options.concurrency = flags.integer();
            if (options.concurrency > 1024) {
                throw std::invalid_argument("--concurrency is at most 1024 (as in the daemon)");
            }
        } else if (flags.is("--rate")) {
            options.rate = flags.integer();
        } else if (flags.is("--duration")) {
            options.duration = flags.integer(0);
        } else if (flags.is("--receiver-threads")) {
            options.receiverThreads = flags.integer();
        } else {
            flags.unknown();
        }
    }
    if (static_cast<std::int64_t>(options.rate) * options.duration > 1'000'000 ||
        options.events > 1'000'000) {
        throw std::invalid_argument(
            "at most 1,000,000 events of each kind (--events, "
            "--rate x --duration)");
    }
    if (options.events == 0 && options.duration == 0) {
        throw std::invalid_argument("--events 0 and --duration 0 leave nothing to measure");
    }
    return options;
}

}  // namespace lodestone::bench::webhook
