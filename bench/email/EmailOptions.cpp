#include "bench/email/EmailOptions.hpp"

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace lodestone::bench::email {

namespace {

const char* const kUsage = R"(usage: email_bench [options]

Measures campaign outreach emails sent by lodestoned through the bundled mailer-smtp plugin to
an aiosmtpd server (tests/support/smtp_sink.py) on 127.0.0.1: emails a second from the first
message the server accepted to the last, and from the first lead added to the last message, and
the daemon's CPU time per email. Prospects are researched by the no-op bench plugin and qualify
without ICP criteria, so the run measures the daemon's email path.

  --prospects N          leads added to the campaign (1000)
  --steps N              emails in the campaign's sequence, each due at once (1)
  --concurrency N[,N..]  pipeline.mailer.concurrency; with several values, each is measured in
                         every round, one after the other (4)
  --rounds R             measurements of each concurrency, each on a fresh daemon, database and
                         SMTP server; medians and ranges are printed when R > 1 (1)
  --clients C            threads adding leads, one keep-alive connection each (8)
  --backlog              also measure a backlog: the prospects qualified by a daemon without a
                         mailer (their first emails wait), then sent by a fresh one
  --sink-dir DIR         the SMTP server keeps its messages in a fresh directory under DIR
                         (default: the system's temp directory); /dev/shm spares it the cost
                         of creating two files a message on disk
  --sync normal|full     storage.synchronous of the daemon (normal)
  --keep                 keep the run directories (config, database, the daemons' logs)
  --json                 also print each measurement as one JSON line
  --pause S              wait S seconds before adding leads or starting the sender (to attach a
                         profiler)
  --pid-file FILE        write the measured daemon's pid to FILE as soon as it starts
  --stall-timeout S      give up when nothing progresses for S seconds (60)
  --help                 this text
)";

std::vector<int> concurrencyList(const std::string& text) {
    std::vector<int> values;
    std::istringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        std::size_t end = 0;
        int value = 0;
        try {
            value = std::stoi(item, &end);
        } catch (const std::exception&) {
            end = 0;
        }
        // The daemon's own limit for a pool's concurrency.
        if (end != item.size() || item.empty() || value < 1 || value > 1024) {
            throw std::invalid_argument("--concurrency expects integers from 1 to 1024, got \"" +
                                        text + "\"");
        }
        values.push_back(value);
    }
    if (values.empty()) throw std::invalid_argument("--concurrency needs at least one value");
    return values;
}

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
        } else if (flags.is("--steps")) {
            options.steps = flags.integer();
            // A sequence has at most 50 steps (docs/outreach.md).
            if (options.steps > 50) throw std::invalid_argument("--steps is at most 50");
        } else if (flags.is("--concurrency")) {
            options.concurrencies = concurrencyList(flags.value());
        } else if (flags.is("--rounds")) {
            options.rounds = flags.integer();
        } else if (flags.is("--clients")) {
            options.clients = flags.integer();
        } else if (flags.is("--backlog")) {
            options.backlog = true;
        } else if (flags.is("--sink-dir")) {
            options.sinkParent = std::filesystem::absolute(flags.value());
        } else {
            flags.unknown();
        }
    }
    if (static_cast<long long>(options.prospects) * options.steps > 1'000'000) {
        throw std::invalid_argument("at most 1,000,000 emails (--prospects x --steps)");
    }
    return options;
}

}  // namespace lodestone::bench::email
