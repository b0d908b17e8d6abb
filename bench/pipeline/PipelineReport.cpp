#include "bench/pipeline/PipelineReport.hpp"

#include <algorithm>
#include <iostream>

#include "bench/support/Report.hpp"

namespace lodestone::bench::pipeline {

void printTable(const Options& options, const Results& r, const std::filesystem::path& dir) {
    const Table table(31);
    std::cout << "\nlodestone pipeline benchmark\n";
    table.row("machine", r.machine.text());
    table.row("jobs / clients / pollers", std::to_string(options.jobs) + " / " +
                                              std::to_string(options.clients) + " / " +
                                              std::to_string(options.pollers));
    table.row("storage.synchronous", options.sync);
    table.row("workers research/content/final", std::to_string(options.researchWorkers) + " / " +
                                                    std::to_string(options.contentWorkers) + " / " +
                                                    std::to_string(options.finalizeWorkers));
    table.row("jobs created", std::to_string(r.created) + " (create failures: " +
                                  std::to_string(options.jobs - r.created) + ")");
    table.row("jobs completed / failed",
              std::to_string(r.finished.completed) + " / " + std::to_string(r.finished.failed));
    table.row("create phase", fixed(r.createSeconds, 2) + " s");
    table.row("creation throughput", fixed(r.createRate(), 1) + " jobs/s");
    table.row("END-TO-END throughput", fixed(r.endToEndRate(), 1) + " jobs/s  (" +
                                           fixed(r.endToEndSeconds, 2) +
                                           " s from first create to last job done)");
    table.row("drain after last create", fixed(r.drainSeconds, 2) + " s");
    table.row("create latency", latencies(r.createLatency));
    table.row("status latency", latencies(r.statusLatency));
    table.row("status requests/s",
              fixed(static_cast<double>(r.statusLatency.count) / r.pollingSeconds, 1));
    table.row("job latency (created->done)", latencies(r.jobLatency));
    table.row("HTTP statuses (create)", statusCounts(r.creates.statuses));
    table.row("HTTP statuses (status)", statusCounts(r.polls.statuses));
    table.row("client errors", std::to_string(r.creates.errors + r.polls.errors));
    table.row("TCP connections opened",
              std::to_string(r.creates.connections + r.polls.connections) + " (" +
                  std::to_string(options.clients + options.pollers) + " client threads)");
    table.row("CPU lodestoned / bench", cpuText(r.cpu));
    table.row(
        "lodestoned CPU per job",
        fixed(r.cpu.daemon * 1e3 / static_cast<double>(std::max<std::int64_t>(r.created, 1)), 2) +
            " ms (status polls included)");
    table.row("database file", std::to_string(r.dbBytes / 1024) + " KiB (without the WAL)");
    table.row("completion seen after", fixed(r.detectLagMs, 0) + " ms (checked every 100 ms)");
    table.row("lodestoned exit", r.exit.text());
    if (!r.creates.firstProblem.empty()) table.row("first create problem", r.creates.firstProblem);
    if (!r.polls.firstProblem.empty()) table.row("first status problem", r.polls.firstProblem);
    if (r.abortReason) table.row("ABORTED", *r.abortReason);
    if (options.keep) table.row("run directory (kept)", dir.string());
    std::cout << std::flush;
}

void printJson(const Options& options, const Results& r) {
    auto out = jsonObject();
    out->set("jobs", options.jobs);
    out->set("clients", options.clients);
    out->set("pollers", options.pollers);
    out->set("sync", options.sync);
    out->set("researchWorkers", options.researchWorkers);
    out->set("contentWorkers", options.contentWorkers);
    out->set("finalizeWorkers", options.finalizeWorkers);
    out->set("created", r.created);
    out->set("completed", r.finished.completed);
    out->set("failed", r.finished.failed);
    out->set("createSeconds", r.createSeconds);
    out->set("createJobsPerSecond", r.createRate());
    out->set("endToEndSeconds", r.endToEndSeconds);
    out->set("endToEndJobsPerSecond", r.endToEndRate());
    out->set("drainSeconds", r.drainSeconds);
    out->set("createLatencyMs", jsonSummary(r.createLatency));
    out->set("statusLatencyMs", jsonSummary(r.statusLatency));
    out->set("jobLatencyMs", jsonSummary(r.jobLatency));
    out->set("createStatuses", jsonStatuses(r.creates.statuses));
    out->set("statusStatuses", jsonStatuses(r.polls.statuses));
    out->set("clientErrors", r.creates.errors + r.polls.errors);
    out->set("connectionsOpened", r.creates.connections + r.polls.connections);
    setCpu(*out, r.cpu);
    out->set("daemonExitCode", r.exit.code());
    if (r.abortReason) out->set("aborted", *r.abortReason);
    setMachine(*out, r.machine);
    printJsonLine(*out);
}

}  // namespace lodestone::bench::pipeline
