#include "bench/flow/FlowOptions.hpp"

#include <iostream>
#include <stdexcept>

namespace lodestone::bench::flow {

namespace {

const char* const kUsage = R"(usage: flow_bench [options]

Measures the whole outreach flow in one lodestoned: prospects added to a campaign over the API,
researched (the no-op bench plugin), scored (no ICP criteria: all qualify), each given its own
lead magnet in the campaign's project (the shipped content-template plugin), and the first
email, whose step links to that lead magnet ({{leadMagnetUrl}}) and so waits for it, sent through
the bundled mailer-smtp to an aiosmtpd server (tests/support/smtp_sink.py) on 127.0.0.1.
Prospects a second from the first lead added to the last email accepted, the daemon's CPU time
per prospect and its RSS at the end. Every received email must link to its prospect's own lead
magnet, and a sample of those pages must answer 200.

  --prospects N          leads added to the campaign (10000)
  --rounds R             measurements, each on a fresh daemon, database and SMTP server (1)
  --clients C            threads adding leads, one keep-alive connection each (8)
  --concurrency N        pipeline.mailer.concurrency (4, the daemon's default)
  --check-pages N        lead-magnet pages linked from received emails requested after the
                         measurement, spread over the messages (20; 0: none)
  --sink-dir DIR         the SMTP server keeps its messages in a fresh directory under DIR
                         (default: the system's temp directory); /dev/shm spares it the cost
                         of creating two files a message on disk
  --sync normal|full     storage.synchronous of the daemon (normal)
  --keep                 keep the run directory (config, database, the daemon's log)
  --json                 also print each measurement as one JSON line
  --pause S              wait S seconds before adding the leads (to attach a profiler)
  --pid-file FILE        write the daemon's pid to FILE as soon as it starts
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
        } else if (flags.is("--prospects")) {
            options.prospects = flags.integer();
        } else if (flags.is("--rounds")) {
            options.rounds = flags.integer();
        } else if (flags.is("--clients")) {
            options.clients = flags.integer();
        } else if (flags.is("--concurrency")) {
            options.concurrency = flags.integer();
            // The daemon's own limit for a pool's concurrency.
            if (options.concurrency > 1024) {
                throw std::invalid_argument("--concurrency is at most 1024");
            }
        } else if (flags.is("--check-pages")) {
            options.checkPages = flags.integer(0);
        } else if (flags.is("--sink-dir")) {
            options.sinkParent = std::filesystem::absolute(flags.value());
        } else {
            flags.unknown();
        }
    }
    if (options.prospects > 1'000'000) throw std::invalid_argument("at most 1,000,000 prospects");
    return options;
}

}  // namespace lodestone::bench::flow
