// pipeline_bench: end-to-end throughput of one lodestoned, from the HTTP API through research,
// content and finalize, with no-op plugins so that only the daemon's own costs (HTTP, SQLite,
// Poco Data, the job engine's hand-offs) are measured. See bench/README.md.
//
// Clients create jobs over keep-alive connections while pollers hammer the status route; the
// bench learns that jobs are done by reading the SQLite file itself, so watching for completion
// adds no API traffic of its own.
#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <latch>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/Process.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

// Pinned in the config so the bench knows it without parsing the daemon's output.
const std::string kApiKey = "lsk_bench_0000000000000000000000000000000";

struct Options {
    int jobs = 10000;
    int clients = 8;
    int pollers = 2;
    std::string sync = "normal";
    // The daemon's defaults (docs/configuration.md), so a default run measures a default daemon.
    int researchWorkers = 16;
    int contentWorkers = 16;
    int finalizeWorkers = 4;
    bool keep = false;
    bool json = false;
    int pauseSeconds = 0;
    std::optional<fs::path> pidFile;
    int stallSeconds = 120;
};

const char* const kUsage = R"(usage: pipeline_bench [options]

Starts lodestoned with no-op research/content plugins on a fresh SQLite database, creates jobs
over HTTP while polling their status, and reports how fast they go through the whole pipeline.

  --jobs N                 jobs to create (default 10000)
  --clients C              concurrent creating clients, one keep-alive connection each (8)
  --pollers P              concurrent status pollers, one keep-alive connection each (2)
  --sync normal|full       storage.synchronous of the daemon (normal)
  --research-workers N     pipeline.research.concurrency (16)
  --content-workers N      pipeline.content.concurrency (16)
  --finalize-workers N     pipeline.finalize.concurrency (4)
  --keep                   keep the run directory (config, database, daemon log)
  --json                   also print the results as one JSON line
  --pause S                wait S seconds after the daemon listens before sending load (to
                           attach a profiler)
  --pid-file FILE          write the daemon's pid to FILE once it listens
  --stall-timeout S        give up when no job finishes for S seconds (120)
  --help                   this text
)";

int positive(const std::string& flag, const std::string& text, int minimum = 1) {
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < minimum) {
        throw std::invalid_argument(flag + " expects an integer >= " + std::to_string(minimum) +
                                    ", got \"" + text + "\"");
    }
    return value;
}

std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
            return argv[++i];
        };
        if (flag == "--help" || flag == "-h") {
            std::cout << kUsage;
            return std::nullopt;
        } else if (flag == "--jobs") {
            options.jobs = positive(flag, value());
        } else if (flag == "--clients") {
            options.clients = positive(flag, value());
        } else if (flag == "--pollers") {
            options.pollers = positive(flag, value(), 0);
        } else if (flag == "--sync") {
            options.sync = value();
            if (options.sync != "normal" && options.sync != "full") {
                throw std::invalid_argument("--sync expects normal or full");
            }
        } else if (flag == "--research-workers") {
            options.researchWorkers = positive(flag, value());
        } else if (flag == "--content-workers") {
            options.contentWorkers = positive(flag, value());
        } else if (flag == "--finalize-workers") {
            options.finalizeWorkers = positive(flag, value());
        } else if (flag == "--keep") {
            options.keep = true;
        } else if (flag == "--json") {
            options.json = true;
        } else if (flag == "--pause") {
            options.pauseSeconds = positive(flag, value(), 0);
        } else if (flag == "--pid-file") {
            options.pidFile = fs::absolute(value());
        } else if (flag == "--stall-timeout") {
            options.stallSeconds = positive(flag, value());
        } else {
            throw std::invalid_argument("unknown option " + flag + " (see --help)");
        }
    }
    return options;
}

std::int64_t epochMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double seconds(Clock::duration duration) {
    return std::chrono::duration<double>(duration).count();
}

// The run directory: config, database and (with --keep) the daemon's log. Removed at the end
// unless kept, also when the bench fails.
class RunDir {
  public:
    explicit RunDir(bool keep) : keep_(keep) {
        std::string pattern = (fs::temp_directory_path() / "lodestone-bench-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~RunDir() {
        if (keep_) return;
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    RunDir(const RunDir&) = delete;
    RunDir& operator=(const RunDir&) = delete;
    const fs::path& path() const { return path_; }

  private:
    bool keep_;
    fs::path path_;
};

std::string configYaml(const Options& options) {
    std::ostringstream yaml;
    yaml << "server:\n  listen: \"127.0.0.1:0\"\n"
         << "storage:\n  path: var/lodestone.db\n  synchronous: " << options.sync << "\n"
         << "plugins:\n"
         << "  research:\n    library: " << NOOP_RESEARCH_PATH << "\n"
         << "  content:\n    library: " << NOOP_CONTENT_PATH << "\n"
         << "pipeline:\n"
         << "  research: { plugin: research, concurrency: " << options.researchWorkers << " }\n"
         << "  content: { plugin: content, concurrency: " << options.contentWorkers << " }\n"
         << "  finalize: { concurrency: " << options.finalizeWorkers << " }\n"
         << "jobs:\n  poll_interval: 200ms\n"
         // The highest values the daemon accepts (1,000,000 a minute): a benchmark must never be
         // throttled by the rate limiter.
         << "limits: { generate_per_minute: 1000000, status_per_minute: 1000000 }\n"
         << "provision:\n  organisations:\n    - name: Bench\n"
         << "      initial_credits: " << (static_cast<std::int64_t>(options.jobs) + 1000) << "\n"
         << "      projects:\n        - name: Bench\n"
         << "      api_keys:\n        - { name: bench, key: " << kApiKey << " }\n";
    return yaml.str();
}

// A read-only connection to the daemon's database, for completion checks that put no load on
// the API. WAL mode lets it read while the daemon writes.
class Database {
  public:
    explicit Database(const fs::path& file) {
        if (sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
            std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            throw std::runtime_error("cannot open " + file.string() + ": " + message);
        }
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Database() { sqlite3_close(db_); }
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Runs `sql` and hands each row to `row`.
    template <typename RowFn>
    void query(const std::string& sql, RowFn row) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
            throw std::runtime_error("cannot prepare \"" + sql + "\": " + sqlite3_errmsg(db_));
        }
        int rc;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) row(statement);
        sqlite3_finalize(statement);
        if (rc != SQLITE_DONE) {
            throw std::runtime_error("query \"" + sql + "\" failed: " + sqlite3_errmsg(db_));
        }
    }

    std::string text(const std::string& sql) {
        std::string value;
        query(sql, [&](sqlite3_stmt* s) {
            value = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        });
        return value;
    }

    std::int64_t integer(const std::string& sql) {
        std::int64_t value = 0;
        query(sql, [&](sqlite3_stmt* s) { value = sqlite3_column_int64(s, 0); });
        return value;
    }

  private:
    sqlite3* db_ = nullptr;
};

struct Finished {
    std::int64_t completed = 0;
    std::int64_t failed = 0;
};

Finished finishedJobs(Database& db) {
    Finished finished;
    // The jobs_ready index (status, run_after) makes this a range count, not a table scan.
    db.query(
        "SELECT status, COUNT(*) FROM jobs WHERE status IN ('completed', 'failed') GROUP BY status",
        [&](sqlite3_stmt* s) {
            std::string status = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
            (status == "completed" ? finished.completed : finished.failed) =
                sqlite3_column_int64(s, 1);
        });
    return finished;
}

// One keep-alive HTTP connection to the daemon. Counts how many TCP connections it had to open,
// so a run shows that it measured requests, not connection set-up.
class Connection {
  public:
    explicit Connection(std::uint16_t port) : session_("127.0.0.1", port) {
        session_.setKeepAlive(true);
        session_.setTimeout(Poco::Timespan(60, 0));
    }

    // Sends one request and reads the whole response, so the connection can carry the next.
    int request(const std::string& method, const std::string& path, const std::string& body,
                std::string& reply) {
        Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
        request.set("Authorization", "Bearer " + kApiKey);
        if (method == "POST") {
            request.setContentType("application/json");
            request.setContentLength64(static_cast<Poco::Int64>(body.size()));
        }
        session_.sendRequest(request) << body;
        noteConnection();
        Poco::Net::HTTPResponse response;
        std::istream& in = session_.receiveResponse(response);
        reply.clear();
        Poco::StreamCopier::copyToString(in, reply);
        return response.getStatus();
    }

    int connectionsOpened() const { return opened_; }

  private:
    void noteConnection() {
        const auto port = session_.socket().address().port();
        if (port != localPort_) {
            localPort_ = port;
            ++opened_;
        }
    }

    Poco::Net::HTTPClientSession session_;
    std::uint16_t localPort_ = 0;
    int opened_ = 0;
};

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

// What one thread saw; merged after the run so no thread shares counters while measuring.
struct ThreadStats {
    std::vector<double> latenciesMs;
    std::map<int, std::int64_t> statuses;  // HTTP status -> count
    std::int64_t errors = 0;               // exceptions: connection reset, timeout
    std::string firstProblem;
    int connections = 0;
    Clock::time_point lastResponse{};
};

struct Summary {
    std::int64_t count = 0;
    double p50 = 0, p90 = 0, p99 = 0, max = 0;
};

Summary summarise(std::vector<double> values) {
    Summary summary;
    summary.count = static_cast<std::int64_t>(values.size());
    if (values.empty()) return summary;
    std::sort(values.begin(), values.end());
    auto at = [&](double q) {
        auto index = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
        return values[std::min(index, values.size() - 1)];
    };
    summary.p50 = at(0.50);
    summary.p90 = at(0.90);
    summary.p99 = at(0.99);
    summary.max = values.back();
    return summary;
}

std::string jobIdOf(const std::string& reply) {
    // A string search, not a JSON parse: the bench shares the machine with the daemon and
    // should spend as little CPU as it can.
    static const std::string key = "\"jobId\":\"";
    auto start = reply.find(key);
    if (start == std::string::npos) return "";
    start += key.size();
    auto end = reply.find('"', start);
    return end == std::string::npos ? "" : reply.substr(start, end - start);
}

void createJobs(std::uint16_t port, const std::string& path, int jobs, std::atomic<int>& next,
                JobIds& ids, std::latch& go, ThreadStats& stats) {
    Connection connection(port);
    std::string reply;
    go.wait();
    for (int i = next++; i < jobs; i = next++) {
        const std::string n = std::to_string(i);
        const std::string body = R"({"email":"lead)" + n + R"(@example.com","fullName":"Lead )" +
                                 n + R"(","company":"Company )" + n + R"("})";
        const auto sent = Clock::now();
        try {
            int status = connection.request("POST", path, body, reply);
            const auto received = Clock::now();
            stats.latenciesMs.push_back(
                std::chrono::duration<double, std::milli>(received - sent).count());
            ++stats.statuses[status];
            stats.lastResponse = received;
            std::string id = status == 200 ? jobIdOf(reply) : "";
            if (!id.empty()) {
                ids.add(std::move(id));
            } else if (stats.firstProblem.empty()) {
                stats.firstProblem = "POST " + std::to_string(status) + ": " + reply;
            }
        } catch (const Poco::Exception& e) {
            ++stats.errors;
            if (stats.firstProblem.empty()) stats.firstProblem = e.displayText();
        }
    }
    stats.connections = connection.connectionsOpened();
}

void pollStatuses(std::uint16_t port, JobIds& ids, std::atomic<bool>& stop, unsigned seed,
                  ThreadStats& stats) {
    Connection connection(port);
    std::mt19937_64 rng(seed);
    std::string reply;
    while (!stop) {
        auto id = ids.random(rng);
        if (!id) {
            std::this_thread::sleep_for(1ms);  // before the first create has answered
            continue;
        }
        const auto sent = Clock::now();
        try {
            int status = connection.request("GET", "/api/generation/" + *id + "/status", "", reply);
            stats.latenciesMs.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
            ++stats.statuses[status];
            if (status != 200 && stats.firstProblem.empty()) {
                stats.firstProblem = "GET " + std::to_string(status) + ": " + reply;
            }
        } catch (const Poco::Exception& e) {
            ++stats.errors;
            if (stats.firstProblem.empty()) stats.firstProblem = e.displayText();
        }
    }
    stats.connections = connection.connectionsOpened();
}

// CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat.
double processCpuSeconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto close = text.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    double utime = 0, stime = 0;
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stod(field);
        if (i == 15) stime = std::stod(field);
    }
    return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double ownCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto tv = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return tv(usage.ru_utime) + tv(usage.ru_stime);
}

std::string readCpuModel() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto colon = line.find(':');
            if (colon != std::string::npos)
                return line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    }
    return "unknown";
}

std::uint16_t waitUntilListening(lodestone::test::ChildProcess& daemon) {
    static const std::regex listening(R"(listening on http://[^\s]+:(\d+))");
    std::uint16_t port = 0;
    lodestone::test::eventually(
        [&] {
            std::smatch match;
            std::string log = daemon.errors();
            if (std::regex_search(log, match, listening)) {
                port = static_cast<std::uint16_t>(std::stoi(match[1].str()));
                return true;
            }
            return !daemon.running();
        },
        60s);
    if (port == 0) {
        throw std::runtime_error("lodestoned did not start listening. Its log:\n" +
                                 daemon.errors());
    }
    return port;
}

void mergeInto(ThreadStats& total, ThreadStats&& part) {
    total.latenciesMs.insert(total.latenciesMs.end(), part.latenciesMs.begin(),
                             part.latenciesMs.end());
    for (auto [status, count] : part.statuses) total.statuses[status] += count;
    total.errors += part.errors;
    total.connections += part.connections;
    total.lastResponse = std::max(total.lastResponse, part.lastResponse);
    if (total.firstProblem.empty()) total.firstProblem = part.firstProblem;
}

std::string statusCounts(const std::map<int, std::int64_t>& statuses) {
    std::string out;
    for (auto [status, count] : statuses) {
        out += (out.empty() ? "" : ", ") + std::to_string(status) + ": " + std::to_string(count);
    }
    return out.empty() ? "none" : out;
}

Poco::JSON::Object::Ptr statusObject(const std::map<int, std::int64_t>& statuses) {
    Poco::JSON::Object::Ptr object = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (auto [status, count] : statuses) object->set(std::to_string(status), count);
    return object;
}

// Everything a run reports.
struct Results {
    std::int64_t created = 0;
    Finished finished;
    double createSeconds = 0;
    double endToEndSeconds = 0;
    double drainSeconds = 0;
    double pollingSeconds = 0;  // first create -> completion seen
    double detectLagMs = 0;     // how late the 100 ms completion checks saw the end
    Summary createLatency, statusLatency, jobLatency;
    ThreadStats creates, polls;
    double daemonCpu = 0, benchCpu = 0;
    std::int64_t dbBytes = 0;
    std::optional<lodestone::test::ExitStatus> exit;
    std::optional<std::string> abortReason;
    unsigned nproc = 0;
    std::string cpuModel;

    bool cleanExit() const { return exit && exit->code && *exit->code == 0; }
    double createRate() const { return static_cast<double>(created) / createSeconds; }
    double endToEndRate() const { return static_cast<double>(created) / endToEndSeconds; }
};

std::string fixed(double value, int digits) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << value;
    return out.str();
}

void printTable(const Options& options, const Results& r, const fs::path& dir) {
    auto row = [](const std::string& label, const std::string& value) {
        std::cout << "  " << std::left << std::setw(31) << label << value << "\n";
    };
    auto latencies = [](const Summary& s) {
        return "p50 " + fixed(s.p50, 2) + "  p90 " + fixed(s.p90, 2) + "  p99 " + fixed(s.p99, 2) +
               "  max " + fixed(s.max, 2) + " ms  (n=" + std::to_string(s.count) + ")";
    };
    auto exitText = [&] {
        if (!r.exit) return std::string("did not exit");
        return r.exit->code ? "code " + std::to_string(*r.exit->code)
                            : "signal " + std::to_string(r.exit->signal.value_or(0));
    };
    std::cout << "\nlodestone pipeline benchmark\n";
    row("machine", std::to_string(r.nproc) + " CPUs, " + r.cpuModel);
    row("jobs / clients / pollers", std::to_string(options.jobs) + " / " +
                                        std::to_string(options.clients) + " / " +
                                        std::to_string(options.pollers));
    row("storage.synchronous", options.sync);
    row("workers research/content/final", std::to_string(options.researchWorkers) + " / " +
                                              std::to_string(options.contentWorkers) + " / " +
                                              std::to_string(options.finalizeWorkers));
    row("jobs created", std::to_string(r.created) +
                            " (create failures: " + std::to_string(options.jobs - r.created) + ")");
    row("jobs completed / failed",
        std::to_string(r.finished.completed) + " / " + std::to_string(r.finished.failed));
    row("create phase", fixed(r.createSeconds, 2) + " s");
    row("creation throughput", fixed(r.createRate(), 1) + " jobs/s");
    row("END-TO-END throughput", fixed(r.endToEndRate(), 1) + " jobs/s  (" +
                                     fixed(r.endToEndSeconds, 2) +
                                     " s from first create to last job done)");
    row("drain after last create", fixed(r.drainSeconds, 2) + " s");
    row("create latency", latencies(r.createLatency));
    row("status latency", latencies(r.statusLatency));
    row("status requests/s",
        fixed(static_cast<double>(r.statusLatency.count) / r.pollingSeconds, 1));
    row("job latency (created->done)", latencies(r.jobLatency));
    row("HTTP statuses (create)", statusCounts(r.creates.statuses));
    row("HTTP statuses (status)", statusCounts(r.polls.statuses));
    row("client errors", std::to_string(r.creates.errors + r.polls.errors));
    row("TCP connections opened", std::to_string(r.creates.connections + r.polls.connections) +
                                      " (" + std::to_string(options.clients + options.pollers) +
                                      " client threads)");
    row("CPU lodestoned / bench", fixed(r.daemonCpu, 2) + " s / " + fixed(r.benchCpu, 2) + " s");
    row("lodestoned CPU per job",
        fixed(r.daemonCpu * 1e3 / static_cast<double>(std::max<std::int64_t>(r.created, 1)), 2) +
            " ms (status polls included)");
    row("database file", std::to_string(r.dbBytes / 1024) + " KiB (without the WAL)");
    row("completion seen after", fixed(r.detectLagMs, 0) + " ms (checked every 100 ms)");
    row("lodestoned exit", exitText());
    if (!r.creates.firstProblem.empty()) row("first create problem", r.creates.firstProblem);
    if (!r.polls.firstProblem.empty()) row("first status problem", r.polls.firstProblem);
    if (r.abortReason) row("ABORTED", *r.abortReason);
    if (options.keep) row("run directory (kept)", dir.string());
    std::cout << std::flush;
}

void printJson(const Options& options, const Results& r) {
    auto summary = [](const Summary& s) {
        Poco::JSON::Object::Ptr o = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        o->set("count", s.count);
        o->set("p50", s.p50);
        o->set("p90", s.p90);
        o->set("p99", s.p99);
        o->set("max", s.max);
        return o;
    };
    Poco::JSON::Object out(Poco::JSON_PRESERVE_KEY_ORDER);
    out.set("jobs", options.jobs);
    out.set("clients", options.clients);
    out.set("pollers", options.pollers);
    out.set("sync", options.sync);
    out.set("researchWorkers", options.researchWorkers);
    out.set("contentWorkers", options.contentWorkers);
    out.set("finalizeWorkers", options.finalizeWorkers);
    out.set("created", r.created);
    out.set("completed", r.finished.completed);
    out.set("failed", r.finished.failed);
    out.set("createSeconds", r.createSeconds);
    out.set("createJobsPerSecond", r.createRate());
    out.set("endToEndSeconds", r.endToEndSeconds);
    out.set("endToEndJobsPerSecond", r.endToEndRate());
    out.set("drainSeconds", r.drainSeconds);
    out.set("createLatencyMs", summary(r.createLatency));
    out.set("statusLatencyMs", summary(r.statusLatency));
    out.set("jobLatencyMs", summary(r.jobLatency));
    out.set("createStatuses", statusObject(r.creates.statuses));
    out.set("statusStatuses", statusObject(r.polls.statuses));
    out.set("clientErrors", r.creates.errors + r.polls.errors);
    out.set("connectionsOpened", r.creates.connections + r.polls.connections);
    out.set("daemonCpuSeconds", r.daemonCpu);
    out.set("benchCpuSeconds", r.benchCpu);
    out.set("daemonExitCode", r.exit && r.exit->code ? *r.exit->code : -1);
    if (r.abortReason) out.set("aborted", *r.abortReason);
    out.set("nproc", r.nproc);
    out.set("cpuModel", r.cpuModel);
    out.stringify(std::cout);
    std::cout << std::endl;
}

// Creates the jobs and polls statuses until every created job has finished (or the run stalls).
void drive(const Options& options, std::uint16_t port, const std::string& generatePath,
           lodestone::test::ChildProcess& daemon, Database& db, Results& r) {
    const double daemonCpuBefore = processCpuSeconds(daemon.pid());
    const double benchCpuBefore = ownCpuSeconds();

    JobIds ids(static_cast<std::size_t>(options.jobs));
    std::atomic<int> next{0};
    std::atomic<bool> stopPolling{false};
    std::latch go(1);
    std::vector<ThreadStats> createStats(static_cast<std::size_t>(options.clients));
    std::vector<ThreadStats> pollStats(static_cast<std::size_t>(options.pollers));
    std::vector<std::thread> creators, pollers;
    for (std::size_t c = 0; c < createStats.size(); ++c) {
        creators.emplace_back(createJobs, port, std::cref(generatePath), options.jobs,
                              std::ref(next), std::ref(ids), std::ref(go),
                              std::ref(createStats[c]));
    }
    for (std::size_t p = 0; p < pollStats.size(); ++p) {
        pollers.emplace_back(pollStatuses, port, std::ref(ids), std::ref(stopPolling),
                             static_cast<unsigned>(p + 1), std::ref(pollStats[p]));
    }

    // Both clocks at the moment the first create may be sent: steady for our own durations,
    // epoch milliseconds to compare with the daemon's finished_at.
    const auto start = Clock::now();
    const std::int64_t startEpochMs = epochMillis();
    go.count_down();

    // Creating is over once every creator has returned; until then the target is unknown.
    std::atomic<bool> createsDone{false};
    std::thread createWatcher([&] {
        for (auto& t : creators) t.join();
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
    r.daemonCpu = processCpuSeconds(daemon.pid()) - daemonCpuBefore;
    r.benchCpu = ownCpuSeconds() - benchCpuBefore;

    for (auto& s : createStats) mergeInto(r.creates, std::move(s));
    for (auto& s : pollStats) mergeInto(r.polls, std::move(s));
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
    r.createSeconds = seconds(r.creates.lastResponse - start);
    r.endToEndSeconds = static_cast<double>(lastFinishedMs - startEpochMs) / 1000.0;
    r.drainSeconds = r.endToEndSeconds - r.createSeconds;
    r.pollingSeconds = seconds(seenDone - start);
    r.detectLagMs = (r.pollingSeconds - r.endToEndSeconds) * 1000.0;
}

int run(const Options& options) {
    RunDir dir(options.keep);
    const fs::path configFile = dir.path() / "lodestone.yaml";
    std::ofstream(configFile) << configYaml(options);

    lodestone::test::ChildProcess daemon(LODESTONED_PATH, {"--config", configFile.string()});
    const std::uint16_t port = waitUntilListening(daemon);
    if (options.pidFile) std::ofstream(*options.pidFile) << daemon.pid() << "\n";
    std::cerr << "lodestoned pid " << daemon.pid() << " listening on 127.0.0.1:" << port
              << "; run directory " << dir.path().string() << "\n";

    Database db(dir.path() / "var" / "lodestone.db");
    const std::string projectId = db.text("SELECT id FROM projects WHERE name = 'Bench'");
    if (projectId.empty()) throw std::runtime_error("the provisioned project is missing");
    if (options.pauseSeconds > 0) {
        std::cerr << "pausing " << options.pauseSeconds << " s before the load\n";
        std::this_thread::sleep_for(std::chrono::seconds(options.pauseSeconds));
    }

    Results r;
    drive(options, port, "/api/projects/" + projectId + "/generate", daemon, db, r);
    r.dbBytes = static_cast<std::int64_t>(fs::file_size(dir.path() / "var" / "lodestone.db"));
    r.nproc = std::thread::hardware_concurrency();
    r.cpuModel = readCpuModel();

    // Stopped as an operator would; anything but a clean exit fails the run.
    daemon.signal(SIGTERM);
    r.exit = daemon.wait(60s);
    if (!r.exit) {
        daemon.signal(SIGKILL);
        daemon.wait(10s);
    }
    if (options.keep) std::ofstream(dir.path() / "lodestoned.log") << daemon.errors();

    printTable(options, r, dir.path());
    if (options.json) printJson(options, r);

    const bool ok = !r.abortReason && r.cleanExit() && r.finished.failed == 0 &&
                    r.created == options.jobs && r.finished.completed == options.jobs &&
                    r.creates.errors + r.polls.errors == 0;
    if (!ok) {
        std::cerr << "pipeline_bench: FAILED (see above)";
        if (!r.cleanExit()) std::cerr << "; lodestoned log:\n" << daemon.errors();
        std::cerr << "\n";
    }
    return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        auto options = parseOptions(argc, argv);
        if (!options) return 0;
        return run(*options);
    } catch (const std::invalid_argument& e) {
        std::cerr << "pipeline_bench: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "pipeline_bench: " << e.what() << "\n";
        return 1;
    }
}
