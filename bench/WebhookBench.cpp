// webhook_bench: how fast one lodestoned delivers meeting_booked webhooks, and how long an event
// waits between being written to the outbox and reaching its receiver. See bench/README.md.
//
// The receiver is a Poco HTTP server in this process on 127.0.0.1 that answers 200 at once and
// notes when each webhook-id first arrived. Two measurements:
//
//  1. Backlog: N bookings are made by a lodestoned that runs no jobs (so it delivers nothing);
//     a fresh lodestoned that does run them then delivers the whole backlog, timed by the
//     receiver's arrivals and by the attempt records in the database.
//  2. Delay: on that daemon, one client books meetings at a steady rate; per event, the
//     receiver's first arrival minus the outbox row's created_at.
//
// The prospects the meetings are booked for are added beforehand by a daemon that runs their
// (no-op) research and scoring to the end, so neither measurement competes with prospect jobs.
// Only 127.0.0.1 receives traffic.
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>

#include "bench/support/Lodestoned.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/RunDir.hpp"
#include "bench/support/Time.hpp"
#include "bench/webhook/BacklogMeasurement.hpp"
#include "bench/webhook/DelayMeasurement.hpp"
#include "bench/webhook/Preparation.hpp"
#include "bench/webhook/Receiver.hpp"
#include "bench/webhook/WebhookDaemons.hpp"
#include "bench/webhook/WebhookOptions.hpp"
#include "bench/webhook/WebhookReport.hpp"
#include "bench/webhook/WebhookResults.hpp"

namespace lodestone::bench::webhook {
namespace {

// Everything asked for happened, and nothing failed anywhere.
bool succeeded(const Options& options, const Results& r) {
    bool ok = !r.abortReason;
    for (const auto& phase : r.phases) ok = ok && phase.exit.clean();
    const auto& p = r.preparation;
    ok = ok && p.leads.count(201) == options.events + options.latencyEvents() &&
         p.leads.requests() == p.leads.count(201);
    if (options.events > 0) {
        ok = ok && r.backlog && p.bookings.count(201) == options.events &&
             p.bookings.requests() == options.events && p.outboxRows == options.events;
        if (r.backlog) {
            const auto& b = *r.backlog;
            ok = ok && !b.abortReason && b.received == static_cast<std::size_t>(options.events) &&
                 b.delivered() == options.events && b.attemptsFailed == 0;
        }
    }
    if (options.duration > 0) {
        ok = ok && r.delay;
        if (r.delay) {
            const auto& d = *r.delay;
            ok = ok && !d.abortReason && d.bookings.count(201) == d.planned &&
                 d.bookings.requests() == d.planned && d.events == d.planned &&
                 d.received == d.planned && d.notReceived == 0;
        }
    }
    return ok && r.receiver.withoutId == 0 && r.receiver.withoutSignature == 0 &&
           r.receiver.notPost == 0;
}

int run(const Options& options) {
    Receiver receiver(options.receiverPool());
    RunDir dir("lodestone-webhook-bench", options.keep);
    Results r;
    r.machine = Machine::describe();

    const auto prospects = prepare(options, dir, receiver.url(), r);
    if (!r.abortReason) {
        // The measured daemon: a fresh process that runs jobs and delivers.
        std::ofstream(dir.configFile()) << configYaml(options, receiver.url(), Role::Measured);
        const auto cpu = CpuMeter::beforeLaunch();
        const std::int64_t startMs = epochMillis();
        auto daemon = launchLodestoned(dir.configFile());
        writePidFile(options.pidFile, daemon.pid());
        std::cerr << "measuring: lodestoned pid " << daemon.pid() << ", webhooks.concurrency "
                  << options.concurrency << "\n";
        if (options.events > 0) {
            r.backlog = measureBacklog(options, daemon, dir, startMs, receiver,
                                       r.preparation.outboxRows, cpu);
        }
        if (options.duration > 0 && !(r.backlog && r.backlog->abortReason)) {
            const std::uint16_t port = waitUntilListening(daemon);
            pauseBefore("the delay run", options.pauseSeconds);
            std::cerr << "booking " << options.rate << "/s for " << options.duration << " s\n";
            r.delay = measureDelay(options, daemon, port, dir, receiver, prospects);
        }
        r.phases.push_back(endPhase(daemon, "measured", dir, options.keep));
    }
    r.receiver = receiver.counts();

    printTable(options, r, dir.path());
    if (options.json) printJson(options, r);
    const bool ok = succeeded(options, r);
    if (!ok) std::cerr << "webhook_bench: FAILED (see above)\n";
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::webhook

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("webhook_bench", [&] {
        auto options = webhook::parseOptions(argc, argv);
        return options ? webhook::run(*options) : 0;
    });
}
