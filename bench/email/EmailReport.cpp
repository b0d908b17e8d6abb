#include "bench/email/EmailReport.hpp"

#include <iostream>
#include <map>
#include <string>
#include <utility>

#include "bench/support/Report.hpp"

namespace lodestone::bench::email {

namespace {

const Table table(38);

std::string counts(const std::map<std::string, std::int64_t>& byName) {
    std::string text;
    for (const auto& [name, count] : byName) {
        text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    return text.empty() ? "none" : text;
}

double perEmailMs(double cpuSeconds, std::int64_t emails) {
    return emails > 0 ? cpuSeconds * 1000.0 / static_cast<double>(emails) : 0;
}

// Milliseconds from the measurement's start to `at` (epoch ms).
std::string after(const Measurement& m, double at) {
    return fixed(at - static_cast<double>(m.startMs), 0);
}

void printLeads(const Options& options, const Measurement& m) {
    const auto& l = m.leads;
    table.row("leads added",
              std::to_string(l.count(201)) + " of " + std::to_string(options.prospects) + " (" +
                  fixed(l.ratePerSecond(), 1) + "/s, " + std::to_string(options.clients) +
                  " clients" + (m.mode == Mode::Backlog ? ", before the measurement)" : ")"));
    table.row("lead HTTP statuses", statusCounts(l.statuses) +
                                        "; client errors: " + std::to_string(l.errors) +
                                        "; TCP connections: " + std::to_string(l.connections));
    if (!l.firstProblem.empty()) table.row("leads: first problem", l.firstProblem);
}

}  // namespace

void printMeasurement(const Options& options, const Measurement& m) {
    std::cout << "\n round " << m.round << ", " << modeName(m.mode) << ", concurrency "
              << m.concurrency << ": " << options.prospects << " prospects x " << options.steps
              << (options.steps == 1 ? " step" : " steps") << "\n";
    printLeads(options, m);
    if (m.mode == Mode::EndToEnd && m.qualifiedLastMs > 0) {
        table.row("prospects qualified, first / last", after(m, m.qualifiedFirstMs) + " / " +
                                                           after(m, m.qualifiedLastMs) +
                                                           " ms after the first lead");
    }
    const auto& v = m.verification;
    table.row("messages accepted by the server",
              std::to_string(m.received) + " of " + std::to_string(m.expectedEmails) +
                  "; distinct Message-IDs " + std::to_string(v.distinctMessageIds) +
                  ", accepted twice or more " + std::to_string(v.duplicateMessageIds));
    if (m.received > 0) {
        table.row("first / last accepted",
                  after(m, m.firstAcceptedMs) + " / " + after(m, m.lastAcceptedMs) + " ms after " +
                      (m.mode == Mode::EndToEnd ? "the first lead" : "the sender's launch"));
        table.row("EMAILS/S first->last accepted", fixed(m.emailsPerSecond(), 1) + "  (" +
                                                       fixed(m.acceptedSpanSeconds(), 2) + " s)");
        table.row(m.mode == Mode::EndToEnd ? "emails/s from the first lead"
                                           : "emails/s from the sender's launch",
                  fixed(m.fromStartPerSecond(), 1));
    }
    table.row("emails in the database", counts(m.sendStatuses) + "; with more than one attempt " +
                                            std::to_string(m.retriedSends));
    table.row("due -> sent (sent_at - due_at)", latencies(m.scheduledToSentMs, 0));
    table.row("prospects", counts(m.prospectStatuses));
    const CpuSample total = m.cpuTotal();
    const CpuSample sending = m.cpuWhileSending();
    table.row("CPU lodestoned / SMTP server / bench",
              fixed(total.daemon, 2) + " s / " + fixed(total.sink, 2) + " s / " +
                  fixed(m.benchCpu, 2) + " s over " + fixed(total.atMs / 1000.0, 2) + " s");
    // What else ran on the machine meanwhile: its CPU time is not the bench's to explain.
    table.row("  the machine's other processes",
              fixed(total.machine - total.daemon - total.sink - m.benchCpu, 2) + " s");
    table.row("LODESTONED CPU PER EMAIL",
              fixed(perEmailMs(total.daemon, m.received), 3) + " ms (whole measurement" +
                  (m.mode == Mode::EndToEnd ? ": leads, research and scoring included)"
                                            : ": start-up included)"));
    table.row("  first -> last accepted", fixed(perEmailMs(sending.daemon, m.received), 3) +
                                              " ms (" + fixed(sending.atMs / 1000.0, 2) + " s)");
    table.row("SMTP server CPU per email", fixed(perEmailMs(total.sink, m.received), 3) + " ms");
    for (const auto& phase : m.phases) {
        table.row("lodestoned (" + phase.name + ")",
                  "exit " + phase.exit.text() +
                      "; log warnings/errors: " + std::to_string(phase.problems.count));
        if (phase.problems.count > 0) table.row("  first", phase.problems.first);
    }
    if (m.abortReason) table.row("ABORTED", *m.abortReason);
    table.row("verification",
              v.ok() ? "every prospect got every step once, nothing failed" : "FAILED");
    for (const auto& problem : v.problems) table.row("  problem", problem);
}

void printJson(const Options& options, const Machine& machine, const Measurement& m) {
    auto o = jsonObject();
    o->set("mode", std::string(modeName(m.mode)));
    o->set("round", m.round);
    o->set("concurrency", m.concurrency);
    o->set("prospects", options.prospects);
    o->set("steps", options.steps);
    o->set("sync", options.sync);
    o->set("sinkDir", options.sinkParent.string());
    o->set("leads201", m.leads.count(201));
    o->set("received", m.received);
    o->set("sent", m.sent());
    o->set("retriedSends", m.retriedSends);
    o->set("emailsPerSecond", m.emailsPerSecond());
    o->set("fromStartPerSecond", m.fromStartPerSecond());
    o->set("acceptedSpanSeconds", m.acceptedSpanSeconds());
    o->set("dueToSentMs", jsonSummary(m.scheduledToSentMs));
    const CpuSample total = m.cpuTotal();
    o->set("daemonCpuSeconds", total.daemon);
    o->set("sinkCpuSeconds", total.sink);
    o->set("benchCpuSeconds", m.benchCpu);
    o->set("othersCpuSeconds", total.machine - total.daemon - total.sink - m.benchCpu);
    o->set("daemonCpuMsPerEmail", perEmailMs(total.daemon, m.received));
    o->set("daemonCpuMsPerEmailWhileSending", perEmailMs(m.cpuWhileSending().daemon, m.received));
    o->set("sinkCpuMsPerEmail", perEmailMs(total.sink, m.received));
    o->set("ok", m.ok());
    setMachine(*o, machine);
    printJsonLine(*o);
}

void printSummary(const Options& options, const Machine& machine,
                  const std::vector<Measurement>& all) {
    std::map<std::pair<int, int>, std::vector<const Measurement*>> groups;
    for (const auto& m : all) groups[{static_cast<int>(m.mode), m.concurrency}].push_back(&m);
    std::cout << "\n summary: " << options.prospects << " prospects x " << options.steps
              << (options.steps == 1 ? " step" : " steps") << ", storage.synchronous "
              << options.sync
              << (options.sinkParent.empty() ? "" : ", messages in " + options.sinkParent.string())
              << ", " << machine.text() << "\n"
              << "  median [min - max] over the rounds; CPU in ms per email\n";
    auto spread = [](std::vector<double> values, int digits) {
        const Summary s = summarise(std::move(values));
        return fixed(s.p50, digits) + " [" + fixed(s.min, digits) + " - " + fixed(s.max, digits) +
               "]";
    };
    for (const auto& [key, ms] : groups) {
        std::vector<double> rate, fromStart, daemon, daemonSending, sink, others;
        for (const auto* m : ms) {
            rate.push_back(m->emailsPerSecond());
            fromStart.push_back(m->fromStartPerSecond());
            daemon.push_back(perEmailMs(m->cpuTotal().daemon, m->received));
            daemonSending.push_back(perEmailMs(m->cpuWhileSending().daemon, m->received));
            sink.push_back(perEmailMs(m->cpuTotal().sink, m->received));
            const CpuSample total = m->cpuTotal();
            others.push_back(total.atMs > 0
                                 ? (total.machine - total.daemon - total.sink - m->benchCpu) *
                                       1000.0 / total.atMs
                                 : 0);
        }
        const std::string name = std::string(modeName(static_cast<Mode>(key.first))) +
                                 ", concurrency " + std::to_string(key.second) + " (" +
                                 std::to_string(ms.size()) +
                                 (ms.size() == 1 ? " round)" : " rounds)");
        std::cout << "  " << name << "\n";
        table.row("  emails/s first->last accepted", spread(rate, 1));
        table.row("  emails/s from the start", spread(fromStart, 1));
        table.row("  lodestoned CPU, whole measurement", spread(daemon, 3));
        table.row("  lodestoned CPU, first->last", spread(daemonSending, 3));
        table.row("  SMTP server CPU", spread(sink, 3));
        table.row("  other processes, cores busy", spread(others, 2));
    }
}

}  // namespace lodestone::bench::email
