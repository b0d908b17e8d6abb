// pipeline_bench: end-to-end throughput of one lodestoned, from the HTTP API through research,
// content and finalize, with no-op plugins so that only the daemon's own costs (HTTP, SQLite,
// Poco Data, the job engine's hand-offs) are measured. See bench/README.md.
//
// Clients create jobs over keep-alive connections while pollers hammer the status route; the
// bench learns that jobs are done by reading the SQLite file itself, so watching for completion
// adds no API traffic of its own.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/pipeline/PipelineOptions.hpp"
#include "bench/pipeline/PipelineReport.hpp"
#include "bench/support/ApiClient.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"
#include "bench/support/Stats.hpp"
#include "bench/support/Time.hpp"

namespace lodestone::bench::pipeline {
namespace {

using namespace std::chrono_literals;

std::string configYaml(const Options& options) {
    std::ostringstream yaml;
    yaml << serverAndStorageYaml(options.sync) << noopPluginsYaml() << "pipeline:\n"
         << "  research: { plugin: research, concurrency: " << options.researchWorkers << " }\n"
         << "  content: { plugin: content, concurrency: " << options.contentWorkers << " }\n"
         << "  finalize: { concurrency: " << options.finalizeWorkers << " }\n"
         << "jobs:\n  poll_interval: 200ms\n"
         << unthrottledYaml({"generate_per_minute", "status_per_minute"})
         << organisationYaml(static_cast<std::int64_t>(options.jobs) + 1000,
                             "      projects:\n        - name: Bench\n");
    return yaml.str();
}

Finished finishedJobs(ReadOnlyDatabase& db) {
    Finished finished;
    // The jobs_ready index (status, run_after) makes this a range count, not a table scan.
    db.query(
        "SELECT status, COUNT(*) FROM jobs WHERE status IN ('completed', 'failed') GROUP BY status",
        [&](sqlite3_stmt* s) {
            (ReadOnlyDatabase::column(s, 0) == "completed" ? finished.completed : finished.failed) =
                sqlite3_column_int64(s, 1);
        });
    return finished;
}

// Created job ids, shared between the creating clients and the pollers.
class JobIds {
  public:
    explicit JobIds(std::size_t capacity) { ids_.reserve(capacity); }
    void add(std::string id) {
        std::lock_guard lock(mutex_);
        ids_.push_back(std::move(id));
    }
    std::optional<std::string> random(std::mt19937_64& rng) {
        std::lock_guard lock(mutex_);
        if (ids_.empty()) return std::nullopt;
        return ids_[std::uniform_int_distribution<std::size_t>(0, ids_.size() - 1)(rng)];
    }
    std::size_t size() {
        std::lock_guard lock(mutex_);
        return ids_.size();
    }

  private:
    std::mutex mutex_;
    std::vector<std::string> ids_;
};

// Creates job `i` and notes its id.
void createJob(int i, const std::string& path, ApiConnection& connection, JobIds& ids,
               ClientStats& stats) {
    const std::string n = std::to_string(i);
    const std::string body = R"({"email":"lead)" + n + R"(@example.com","fullName":"Lead )" + n +
                             R"(","company":"Company )" + n + R"("})";
    std::string reply;
    const auto status = timedRequest(connection, "POST", path, body, reply, stats);
    if (!status) return;
    std::string id = *status == 200 ? fieldAfter(reply, "\"jobId\":\"") : "";
    if (!id.empty()) {
        ids.add(std::move(id));
    } else if (stats.firstProblem.empty()) {
        stats.firstProblem = "POST " + std::to_string(*status) + ": " + reply;
    }
}

void pollStatuses(std::uint16_t port, JobIds& ids, std::atomic<bool>& stop, unsigned seed,
                  ClientStats& stats) {
    ApiConnection connection(port);
    std::mt19937_64 rng(seed);
    std::string reply;
    while (!stop) {
        auto id = ids.random(rng);
        if (!id) {
            std::this_thread::sleep_for(1ms);  // before the first create has answered
            continue;
        }
        const auto status =
            timedRequest(connection, "GET", "/api/generation/" + *id + "/status", "", reply, stats);
        if (status && *status != 200 && stats.firstProblem.empty()) {
            stats.firstProblem = "GET " + std::to_string(*status) + ": " + reply;
        }
    }
    stats.connections = connection.connectionsOpened();
}

// Creates the jobs and polls statuses until every created job has finished (or the run stalls).
void drive(const Options& options, std::uint16_t port, const std::string& generatePath,
           lodestone::test::ChildProcess& daemon, ReadOnlyDatabase& db, Results& r) {
    const CpuMeter cpu(daemon.pid());

    JobIds ids(static_cast<std::size_t>(options.jobs));
    std::atomic<bool> stopPolling{false};
    ClientThreads creators(port, options.clients, options.jobs,
                           [&](int i, ApiConnection& connection, ClientStats& stats) {
                               createJob(i, generatePath, connection, ids, stats);
                           });
    std::vector<ClientStats> pollStats(static_cast<std::size_t>(options.pollers));
    std::vector<std::thread> pollers;
    for (std::size_t p = 0; p < pollStats.size(); ++p) {
        pollers.emplace_back(pollStatuses, port, std::ref(ids), std::ref(stopPolling),
                             static_cast<unsigned>(p + 1), std::ref(pollStats[p]));
    }

    // Both clocks at the moment the first create may be sent: steady for our own durations,
    // epoch milliseconds to compare with the daemon's finished_at.
    const auto start = Clock::now();
    const std::int64_t startEpochMs = epochMillis();
    creators.start();

    // Creating is over once every creator has returned; until then the target is unknown.
    std::atomic<bool> createsDone{false};
    ClientStats creates;
    std::thread createWatcher([&] {
        creates = creators.join();
        createsDone = true;
    });
    std::int64_t lastProgress = -1;
    auto lastProgressAt = Clock::now();
    while (!r.abortReason) {
        std::this_thread::sleep_for(100ms);
        try {
            r.finished = finishedJobs(db);
        } catch (const std::exception& e) {
            r.abortReason = e.what();  // still join the threads and stop the daemon
            break;
        }
        const std::int64_t done = r.finished.completed + r.finished.failed;
        if (createsDone && done >= static_cast<std::int64_t>(ids.size())) break;
        if (done != lastProgress) {
            lastProgress = done;
            lastProgressAt = Clock::now();
        } else if (Clock::now() - lastProgressAt > std::chrono::seconds(options.stallSeconds)) {
            r.abortReason = "no job finished for " + std::to_string(options.stallSeconds) + " s (" +
                            std::to_string(done) + " of " + std::to_string(ids.size()) + " done)";
        }
        if (!daemon.running()) r.abortReason = "lodestoned exited during the run";
    }
    const auto seenDone = Clock::now();
    stopPolling = true;
    for (auto& t : pollers) t.join();
    createWatcher.join();
    r.cpu = cpu.used(daemon.pid());

    r.creates = std::move(creates);
    for (auto& s : pollStats) r.polls.merge(std::move(s));
    r.created = static_cast<std::int64_t>(ids.size());
    r.createLatency = summarise(r.creates.latenciesMs);
    r.statusLatency = summarise(r.polls.latenciesMs);

    // The daemon stamps finished_at (epoch ms) when it completes a job: a more exact end than
    // our 100 ms checks. Per-job latencies come from the same columns.
    const std::int64_t lastFinishedMs = db.integer("SELECT MAX(finished_at) FROM jobs");
    std::vector<double> jobLatencies;
    db.query("SELECT finished_at - created_at FROM jobs WHERE finished_at IS NOT NULL",
             [&](sqlite3_stmt* s) {
                 jobLatencies.push_back(static_cast<double>(sqlite3_column_int64(s, 0)));
             });
    r.jobLatency = summarise(std::move(jobLatencies));
    r.createSeconds = seconds(r.creates.last - start);
    r.endToEndSeconds = static_cast<double>(lastFinishedMs - startEpochMs) / 1000.0;
    r.drainSeconds = r.endToEndSeconds - r.createSeconds;
    r.pollingSeconds = seconds(seenDone - start);
    r.detectLagMs = (r.pollingSeconds - r.endToEndSeconds) * 1000.0;
}

int run(const Options& options) {
    RunDir dir("lodestone-bench", options.keep);
    std::ofstream(dir.configFile()) << configYaml(options);

    auto daemon = launchLodestoned(dir.configFile());
    const std::uint16_t port = waitUntilListening(daemon);
    writePidFile(options.pidFile, daemon.pid());
    std::cerr << "lodestoned pid " << daemon.pid() << " listening on 127.0.0.1:" << port
              << "; run directory " << dir.path().string() << "\n";

    ReadOnlyDatabase db(dir.databaseFile());
    const std::string projectId = db.text("SELECT id FROM projects WHERE name = 'Bench'");
    if (projectId.empty()) throw std::runtime_error("the provisioned project is missing");
    pauseBefore("the load", options.pauseSeconds);

    Results r;
    drive(options, port, "/api/projects/" + projectId + "/generate", daemon, db, r);
    r.dbBytes = static_cast<std::int64_t>(std::filesystem::file_size(dir.databaseFile()));
    r.machine = Machine::describe();

    r.exit = stopLodestoned(daemon);
    if (options.keep) std::ofstream(dir.path() / "lodestoned.log") << daemon.errors();

    printTable(options, r, dir.path());
    if (options.json) printJson(options, r);

    const bool ok = !r.abortReason && r.exit.clean() && r.finished.failed == 0 &&
                    r.created == options.jobs && r.finished.completed == options.jobs &&
                    r.creates.errors + r.polls.errors == 0;
    if (!ok) {
        std::cerr << "pipeline_bench: FAILED (see above)";
        if (!r.exit.clean()) std::cerr << "; lodestoned log:\n" << daemon.errors();
        std::cerr << "\n";
    }
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::pipeline

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("pipeline_bench", [&] {
        auto options = pipeline::parseOptions(argc, argv);
        return options ? pipeline::run(*options) : 0;
    });
}
