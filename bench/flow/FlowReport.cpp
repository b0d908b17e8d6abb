#include "bench/flow/FlowReport.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <string>

#include "bench/support/Report.hpp"

namespace lodestone::bench::flow {

namespace {

const Table table(40);

std::string counts(const std::map<std::string, std::int64_t>& byName) {
    std::string text;
    for (const auto& [name, count] : byName) {
        text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    return text.empty() ? "none" : text;
}

double perProspectMs(double cpuSeconds, std::int64_t prospects) {
    return prospects > 0 ? cpuSeconds * 1000.0 / static_cast<double>(prospects) : 0;
}

double mib(std::int64_t kib) {
    return static_cast<double>(kib) / 1024.0;
}

// Seconds from the first lead to `atMs` (epoch ms).
std::string after(const Measurement& m, double atMs) {
    return fixed((atMs - static_cast<double>(m.startMs)) / 1000.0, 2);
}

std::string spanText(const Measurement& m, const Span& s) {
    if (s.firstMs == 0) return "-";
    return after(m, static_cast<double>(s.firstMs)) + " / " +
           after(m, static_cast<double>(s.lastMs)) + " s";
}

double othersCpu(const Measurement& m, const CpuSample& used) {
    return used.machine - used.daemon - used.sink - m.benchCpu;
}

// How far each stage had got, at most ~30 lines whatever the run's length, with how many of the
// machine's cores the daemon used in each stretch.
void printTimeline(const Measurement& m) {
    if (m.progress.size() < 2) return;
    const double total =
        static_cast<double>(m.progress.back().atMs - static_cast<std::int64_t>(m.startMs)) / 1000.0;
    const double every = std::max(1.0, std::ceil(total / 30.0));
    std::cout << "  timeline (s after the first lead: researched, qualified, lead magnets "
                 "finished, emails held for their magnet, emails sent; lodestoned cores busy "
                 "since the line before)\n";
    const Progress* previous = nullptr;
    double next = 0;
    for (std::size_t i = 0; i < m.progress.size(); ++i) {
        const Progress& p = m.progress[i];
        const double at = static_cast<double>(p.atMs - m.startMs) / 1000.0;
        if (at < next && i + 1 != m.progress.size()) continue;
        next = (std::floor(at / every) + 1) * every;
        std::string cores = "-";
        if (previous && p.atMs > previous->atMs) {
            cores = fixed((p.daemonCpu - previous->daemonCpu) * 1000.0 /
                              static_cast<double>(p.atMs - previous->atMs),
                          2);
        }
        std::cout << "    " << fixed(at, 1) << "\t" << p.researched << "\t" << p.qualified << "\t"
                  << p.magnets << "\t" << p.held << "\t" << p.sent << "\t" << cores << "\n";
        previous = &p;
    }
}

}  // namespace

void printMeasurement(const Options& options, const Measurement& m) {
    std::cout << "\n round " << m.round << ": " << options.prospects << " prospects\n";
    const auto& l = m.leads;
    table.row("leads added", std::to_string(l.count(201)) + " of " +
                                 std::to_string(options.prospects) + " (" +
                                 fixed(l.ratePerSecond(), 1) + "/s, " +
                                 std::to_string(options.clients) + " clients)");
    table.row("lead HTTP statuses", statusCounts(l.statuses) +
                                        "; client errors: " + std::to_string(l.errors) +
                                        "; TCP connections: " + std::to_string(l.connections));
    if (!l.firstProblem.empty()) table.row("leads: first problem", l.firstProblem);
    table.row("emails accepted by the server",
              std::to_string(m.received) + " of " + std::to_string(m.expected));
    if (m.received > 0) {
        table.row("PROSPECTS/S, first lead -> last email",
                  fixed(m.prospectsPerSecond(), 1) + "  (" + fixed(m.wallSeconds(), 2) + " s)");
    }
    table.row("stages, first / last after the first lead", "");
    table.row("  researched and scored", spanText(m, m.researched));
    table.row("  qualified (email scheduled)", spanText(m, m.qualified));
    table.row("  lead magnets started", spanText(m, m.magnetsStarted));
    table.row("  lead magnets finished", spanText(m, m.magnetsDone));
    table.row("  emails sent (the daemon's sent_at)", spanText(m, m.sent));
    if (m.received > 0) {
        table.row("  emails accepted (the server's files)",
                  after(m, m.firstAcceptedMs) + " / " + after(m, m.lastAcceptedMs) + " s");
    }
    table.row("lead-magnet job, created -> done", latencies(m.magnetJobMs, 0));
    table.row("email, scheduled -> sent", latencies(m.qualifiedToSentMs, 0));
    table.row("prospect, added -> email sent", latencies(m.addedToSentMs, 0));
    table.row("emails held for their magnet, at most",
              std::to_string(m.maxHeld()) + " at once (sampled every 250 ms)");
    table.row("retried", "emails " + std::to_string(m.retriedSends) + ", lead magnets " +
                             std::to_string(m.retriedMagnets));
    table.row("prospects", counts(m.prospectStatuses));
    table.row("lead magnets", counts(m.magnetStatuses));
    table.row("emails in the database", counts(m.sendStatuses));
    const CpuSample used = m.cpuUsed();
    table.row("CPU lodestoned / SMTP server / bench",
              fixed(used.daemon, 2) + " s / " + fixed(used.sink, 2) + " s / " +
                  fixed(m.benchCpu, 2) + " s over " + fixed(used.atMs / 1000.0, 2) + " s");
    table.row("  the machine's other processes", fixed(othersCpu(m, used), 2) + " s");
    table.row("  lodestoned cores busy (CPU / wall)",
              used.atMs > 0 ? fixed(used.daemon * 1000.0 / used.atMs, 2) : "-");
    table.row("LODESTONED CPU PER PROSPECT",
              fixed(perProspectMs(used.daemon, m.received), 3) +
                  " ms (adding, research, scoring, lead magnet, email)");
    table.row("SMTP server CPU per email", fixed(perProspectMs(used.sink, m.received), 3) + " ms");
    table.row("LODESTONED RSS AT THE END", fixed(mib(m.memory.rssKib), 1) + " MiB (VmHWM " +
                                               fixed(mib(m.memory.hwmKib), 1) + " MiB, " +
                                               std::to_string(m.memory.threads) + " threads)");
    printTimeline(m);
    for (const auto& phase : m.phases) {
        table.row("lodestoned", "exit " + phase.exit.text() + "; log warnings/errors: " +
                                    std::to_string(phase.problems.count));
        if (phase.problems.count > 0) table.row("  first", phase.problems.first);
    }
    if (m.abortReason) table.row("ABORTED", *m.abortReason);
    const auto& v = m.verification;
    table.row("verification",
              v.ok() ? "every prospect got one email linking to its own finished lead magnet; " +
                           std::to_string(v.pagesOk) + " of " + std::to_string(v.pagesChecked) +
                           " pages answered 200"
                     : "FAILED");
    for (const auto& problem : v.problems) table.row("  problem", problem);
}

void printJson(const Options& options, const Machine& machine, const Measurement& m) {
    auto o = jsonObject();
    o->set("round", m.round);
    o->set("prospects", options.prospects);
    o->set("clients", options.clients);
    o->set("concurrency", options.concurrency);
    o->set("sync", options.sync);
    o->set("sinkDir", options.sinkParent.string());
    o->set("leads201", m.leads.count(201));
    o->set("received", m.received);
    o->set("prospectsPerSecond", m.prospectsPerSecond());
    o->set("wallSeconds", m.wallSeconds());
    o->set("magnetJobMs", jsonSummary(m.magnetJobMs));
    o->set("scheduledToSentMs", jsonSummary(m.qualifiedToSentMs));
    o->set("addedToSentMs", jsonSummary(m.addedToSentMs));
    o->set("maxHeld", m.maxHeld());
    const CpuSample used = m.cpuUsed();
    o->set("daemonCpuSeconds", used.daemon);
    o->set("sinkCpuSeconds", used.sink);
    o->set("benchCpuSeconds", m.benchCpu);
    o->set("othersCpuSeconds", othersCpu(m, used));
    o->set("daemonCpuMsPerProspect", perProspectMs(used.daemon, m.received));
    o->set("rssKib", m.memory.rssKib);
    o->set("hwmKib", m.memory.hwmKib);
    o->set("threads", m.memory.threads);
    o->set("pagesChecked", m.verification.pagesChecked);
    o->set("pagesOk", m.verification.pagesOk);
    o->set("ok", m.ok());
    setMachine(*o, machine);
    printJsonLine(*o);
}

void printSummary(const Options& options, const Machine& machine,
                  const std::vector<Measurement>& all) {
    std::cout << "\n summary: " << all.size() << " rounds of " << options.prospects
              << " prospects, storage.synchronous " << options.sync
              << (options.sinkParent.empty() ? "" : ", messages in " + options.sinkParent.string())
              << ", " << machine.text() << "\n  median [min - max]\n";
    auto spread = [](std::vector<double> values, int digits) {
        const Summary s = summarise(std::move(values));
        return fixed(s.p50, digits) + " [" + fixed(s.min, digits) + " - " + fixed(s.max, digits) +
               "]";
    };
    std::vector<double> rate, cpu, rss, hwm;
    for (const auto& m : all) {
        rate.push_back(m.prospectsPerSecond());
        cpu.push_back(perProspectMs(m.cpuUsed().daemon, m.received));
        rss.push_back(mib(m.memory.rssKib));
        hwm.push_back(mib(m.memory.hwmKib));
    }
    table.row("  prospects/s", spread(rate, 1));
    table.row("  lodestoned CPU per prospect, ms", spread(cpu, 3));
    table.row("  RSS at the end, MiB", spread(rss, 1));
    table.row("  VmHWM at the end, MiB", spread(hwm, 1));
}

}  // namespace lodestone::bench::flow
