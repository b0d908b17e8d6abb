#include "bench/webhook/WebhookReport.hpp"

#include <algorithm>
#include <iostream>
#include <string>

#include "bench/support/Report.hpp"

namespace lodestone::bench::webhook {

namespace {

const Table table(34);

void printClients(const std::string& what, const ClientStats& c) {
    table.row(what + " HTTP statuses", statusCounts(c.statuses) +
                                           "; client errors: " + std::to_string(c.errors) +
                                           "; TCP connections: " + std::to_string(c.connections));
    if (!c.firstProblem.empty()) table.row(what + " first problem", c.firstProblem);
}

void printPreparation(const Options& options, const Preparation& p) {
    std::cout << "\n preparation\n";
    table.row("leads added", std::to_string(p.leads.count(201)) + " of " +
                                 std::to_string(options.events + options.latencyEvents()) + " (" +
                                 fixed(p.leads.ratePerSecond(), 1) + "/s, " +
                                 std::to_string(options.clients) + " clients)");
    printClients("leads", p.leads);
    table.row("prospect jobs completed / failed", std::to_string(p.prospectJobsCompleted) + " / " +
                                                      std::to_string(p.prospectJobsFailed) + " (" +
                                                      fixed(p.prospectJobsSeconds, 1) + " s)");
    if (options.events > 0) {
        table.row("backlog booked (jobs.run false)",
                  std::to_string(p.bookings.count(201)) + " of " + std::to_string(options.events) +
                      " (" + fixed(p.bookings.ratePerSecond(), 1) + "/s); outbox rows " +
                      std::to_string(p.outboxRows));
        table.row("booking latency", latencies(summarise(p.bookings.latenciesMs)));
        printClients("backlog bookings", p.bookings);
    }
}

void printBacklog(const Backlog& b) {
    auto since = [&](std::optional<std::int64_t> at) {
        return at ? fixed(static_cast<double>(*at - b.startMs), 0) + " ms" : std::string("?");
    };
    std::cout << "\n backlog: " << b.events << " events delivered by a fresh lodestoned\n";
    table.row("pool started / listening after",
              since(b.poolStartedMs) + " / " + since(b.listeningMs) + " (from process start)");
    table.row("received (distinct webhook-ids)",
              std::to_string(b.received) + " of " + std::to_string(b.events) +
                  "; ids received more than once: " + std::to_string(b.duplicateIds));
    if (b.received > 0) {
        table.row("first / last arrival after",
                  fixed(b.firstArrivalMs - static_cast<double>(b.startMs), 0) + " / " +
                      fixed(b.lastArrivalMs - static_cast<double>(b.startMs), 0) + " ms");
        table.row("DELIVERIES/S from process start", fixed(b.fromStartRate(), 1));
        table.row("deliveries/s from listening", fixed(b.fromListeningRate(), 1));
        table.row("deliveries/s first->last arrival", fixed(b.arrivalsRate(), 1));
    }
    if (b.attemptsDelivered > 0) {
        table.row("deliveries/s from the database",
                  fixed(b.dbRate(), 1) + "  (" + fixed(b.dbSeconds(), 2) +
                      " s from the first attempt's started_at to the last finished_at)");
    }
    table.row("arrivals per whole second",
              "min " + fixed(b.perSecond.min, 0) + "  p50 " + fixed(b.perSecond.p50, 0) + "  max " +
                  fixed(b.perSecond.max, 0) + "; first " + fixed(b.firstSecond, 0) + ", last " +
                  fixed(b.lastSecond, 0) + "  (" + std::to_string(b.perSecond.count) + " s)");
    table.row("claims (distinct started_at)",
              std::to_string(b.claimTimes) + ", " +
                  fixed(static_cast<double>(b.attempts) /
                            static_cast<double>(std::max<std::int64_t>(b.claimTimes, 1)),
                        1) +
                  " attempts per claim");
    std::string outbox;
    for (const auto& [status, count] : b.outboxStatuses) {
        outbox += (outbox.empty() ? "" : ", ") + status + ": " + std::to_string(count);
    }
    table.row("outbox", outbox.empty() ? "empty" : outbox);
    table.row("attempts delivered / failed", std::to_string(b.attemptsDelivered) + " / " +
                                                 std::to_string(b.attemptsFailed) + " (of " +
                                                 std::to_string(b.attempts) + ")");
    table.row("attempt (started -> finished)", latencies(b.attemptMs, 0));
    table.row("plugin call (latency_ms)", latencies(b.pluginMs, 0));
    table.row("CPU lodestoned / bench", cpuText(b.cpu));
    if (b.received > 0) {
        table.row("lodestoned CPU per delivery",
                  fixed(b.cpu.daemon * 1e3 / static_cast<double>(b.received), 2) +
                      " ms (start-up included)");
    }
    if (b.abortReason) table.row("ABORTED", *b.abortReason);
}

void printDelay(const Options& options, const Delay& d) {
    std::cout << "\n delay: " << options.rate << " bookings/s for " << options.duration
              << " s from one client\n";
    table.row("booked", std::to_string(d.bookings.count(201)) + " of " + std::to_string(d.planned) +
                            " (" + fixed(d.bookings.ratePerSecond(), 1) + "/s; client at most " +
                            fixed(d.maxBehindMs, 1) + " ms behind schedule)");
    table.row("booking latency", latencies(summarise(d.bookings.latenciesMs)));
    printClients("bookings", d.bookings);
    table.row("events received / not received",
              std::to_string(d.received) + " / " + std::to_string(d.notReceived) +
                  " (retried: " + std::to_string(d.retried) + ")");
    table.row("DELAY created_at -> arrival", latencies(d.endToEnd));
    table.row("  created_at -> attempt started", latencies(d.claim, 0));
    table.row("  attempt started -> arrival", latencies(d.send));
    table.row("CPU lodestoned / bench", cpuText(d.cpu));
    if (d.abortReason) table.row("ABORTED", *d.abortReason);
}

Poco::JSON::Object::Ptr jsonClients(const ClientStats& c) {
    auto o = jsonStatuses(c.statuses);
    if (c.errors) o->set("clientErrors", c.errors);
    return o;
}

Poco::JSON::Object::Ptr jsonBacklog(const Backlog& b, const Preparation& p) {
    auto o = jsonObject();
    o->set("bookingStatuses", jsonClients(p.bookings));
    o->set("received", static_cast<std::int64_t>(b.received));
    o->set("delivered", b.delivered());
    o->set("attemptsFailed", b.attemptsFailed);
    o->set("duplicateIds", b.duplicateIds);
    if (b.received > 0) {
        o->set("deliveriesPerSecondFromStart", b.fromStartRate());
        o->set("deliveriesPerSecondFromListening", b.fromListeningRate());
        o->set("deliveriesPerSecondArrivals", b.arrivalsRate());
    }
    if (b.attemptsDelivered > 0) o->set("deliveriesPerSecondDatabase", b.dbRate());
    o->set("arrivalsFirstSecond", b.firstSecond);
    o->set("arrivalsLastSecond", b.lastSecond);
    o->set("claims", b.claimTimes);
    o->set("attemptMs", jsonSummary(b.attemptMs));
    o->set("pluginMs", jsonSummary(b.pluginMs));
    setCpu(*o, b.cpu);
    if (b.abortReason) o->set("aborted", *b.abortReason);
    return o;
}

Poco::JSON::Object::Ptr jsonDelay(const Delay& d) {
    auto o = jsonObject();
    o->set("bookingStatuses", jsonClients(d.bookings));
    o->set("received", d.received);
    o->set("notReceived", d.notReceived);
    o->set("retried", d.retried);
    o->set("delayMs", jsonSummary(d.endToEnd));
    o->set("claimMs", jsonSummary(d.claim));
    o->set("sendMs", jsonSummary(d.send));
    o->set("bookingLatencyMs", jsonSummary(summarise(d.bookings.latenciesMs)));
    setCpu(*o, d.cpu);
    if (d.abortReason) o->set("aborted", *d.abortReason);
    return o;
}

}  // namespace

void printTable(const Options& options, const Results& r, const std::filesystem::path& dir) {
    std::cout << "\nlodestone webhook delivery benchmark\n";
    table.row("machine", r.machine.text());
    table.row("webhooks.concurrency", std::to_string(options.concurrency));
    table.row("storage.synchronous", options.sync);
    table.row("receiver", "127.0.0.1, answers 200 at once, " +
                              std::to_string(options.receiverPool()) + " threads");
    printPreparation(options, r.preparation);
    if (r.backlog) printBacklog(*r.backlog);
    if (r.delay) printDelay(options, *r.delay);

    std::cout << "\n";
    table.row("receiver requests",
              std::to_string(r.receiver.requests) +
                  " (without webhook-id: " + std::to_string(r.receiver.withoutId) +
                  ", unsigned: " + std::to_string(r.receiver.withoutSignature) +
                  ", not POST: " + std::to_string(r.receiver.notPost) + ")");
    for (const auto& phase : r.phases) {
        table.row("lodestoned (" + phase.name + ")",
                  "exit " + phase.exit.text() +
                      "; log warnings/errors: " + std::to_string(phase.problems.count));
        if (phase.problems.count > 0) table.row("  first", phase.problems.first);
    }
    if (r.abortReason) table.row("ABORTED", *r.abortReason);
    if (options.keep) table.row("run directory (kept)", dir.string());
    std::cout << std::flush;
}

void printJson(const Options& options, const Results& r) {
    auto out = jsonObject();
    out->set("events", options.events);
    out->set("clients", options.clients);
    out->set("concurrency", options.concurrency);
    out->set("rate", options.rate);
    out->set("duration", options.duration);
    out->set("sync", options.sync);
    out->set("leadStatuses", jsonClients(r.preparation.leads));
    out->set("prospectJobsFailed", r.preparation.prospectJobsFailed);
    if (r.backlog) out->set("backlog", jsonBacklog(*r.backlog, r.preparation));
    if (r.delay) out->set("delay", jsonDelay(*r.delay));
    auto exits = jsonObject();
    for (const auto& phase : r.phases) exits->set(phase.name, phase.exit.code());
    out->set("daemonExitCodes", exits);
    out->set("receiverRequests", r.receiver.requests);
    if (r.abortReason) out->set("aborted", *r.abortReason);
    setMachine(*out, r.machine);
    printJsonLine(*out);
}

}  // namespace lodestone::bench::webhook
