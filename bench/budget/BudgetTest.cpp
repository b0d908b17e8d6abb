// The hot paths' budgets (bench/budget/budgets.yaml), held in CI on the release build:
// instructions per operation, counted by callgrind, which for one build are the same on any
// machine and under any load; and lodestoned's resident memory after a steady load. Wall-clock
// figures stay in docs/benchmarks.md as examples; these are what a change is measured against.
// Only 127.0.0.1 receives traffic.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "bench/budget/CountedLodestoned.hpp"
#include "bench/support/ApiClient.hpp"
#include "bench/support/CampaignApi.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"
#include "support/Process.hpp"

namespace lodestone::bench {
namespace {

using namespace std::chrono_literals;

// Operations counted per kind; enough that one operation's share of anything else the daemon
// does meanwhile (a timer's tick) stays far below the tolerance.
constexpr int kCountedRequests = 200;
constexpr int kCountedJobs = 100;
constexpr int kWarmUp = 20;  // caches, prepared statements and pools filled before counting

// LODESTONE_BUDGET_KEEP=1 keeps each run's directory (config, database, callgrind's dumps, one per
// operation, in order) for callgrind_annotate, and prints where it is.
bool keepRuns() {
    const char* keep = std::getenv("LODESTONE_BUDGET_KEEP");
    return keep != nullptr && std::string(keep) == "1";
}

struct Budgets {
    double tolerance = 0;
    YAML::Node instructions;
    YAML::Node memory;
};

const Budgets& budgets() {
    static const Budgets loaded = [] {
        const YAML::Node file = YAML::LoadFile(LODESTONE_BUDGETS_FILE);
        return Budgets{file["tolerance"].as<double>(), file["instructions"], file["memory"]};
    }();
    return loaded;
}

// Fails when `measured` is more than the tolerance over the budget named `key`, and says by how
// much; prints the figure either way, so a run shows what to write when a budget is reviewed.
void expectWithinBudget(const YAML::Node& section, const std::string& key, double measured,
                        const std::string& unit) {
    const double budget = section[key].as<double>();
    const double allowed = budget * (1 + budgets().tolerance);
    std::cout << key << ": " << static_cast<std::uint64_t>(measured) << " " << unit << " (budget "
              << static_cast<std::uint64_t>(budget) << ", " << std::showpos << std::fixed
              << std::setprecision(1) << (measured / budget - 1) * 100 << std::noshowpos << " %)\n";
    EXPECT_LE(measured, allowed)
        << key << " grew more than " << budgets().tolerance * 100 << " % over its budget ("
        << measured << " " << unit << " against " << budget
        << "): make it cheaper, or raise the budget in bench/budget/budgets.yaml with the reason "
           "in the commit message";
}

// The config every run shares: the no-op pipeline plugins, nothing throttled, one organisation
// with a project and a campaign. `engine`: whether this lodestoned runs jobs.
std::string configYaml(bool engine) {
    return serverAndStorageYaml("full") + noopPluginsYaml() +
           "jobs:\n  run: " + (engine ? "true" : "false") + "\n" +
           unthrottledYaml(
               {"generate_per_minute", "status_per_minute", "campaign_leads_per_minute"}) +
           organisationYaml(1'000'000,
                            "      projects:\n        - name: Bench\n"
                            "      campaigns:\n        - name: Bench\n");
}

// Writes the run's config; returns its path.
std::filesystem::path writeConfig(const RunDir& run, bool engine) {
    if (keepRuns()) std::cout << "run directory (kept): " << run.path().string() << "\n";
    std::filesystem::create_directories(run.databaseFile().parent_path());
    std::ofstream(run.configFile()) << configYaml(engine);
    return run.configFile();
}

// The id of the provisioned project or campaign ("projects", "campaigns") named Bench.
std::string benchId(ReadOnlyDatabase& db, const std::string& table) {
    return db.text("SELECT id FROM " + table + " WHERE name = 'Bench'");
}

// One client on one keep-alive connection: the daemon sees the same requests in the same order
// in every run.
class Client {
  public:
    explicit Client(std::uint16_t port) : connection_(port) {}

    std::string expect(int status, const std::string& method, const std::string& path,
                       const std::string& body = "") {
        std::string reply;
        const int got = connection_.request(method, path, body, reply);
        if (got != status) {
            throw std::runtime_error(method + " " + path + ": " + std::to_string(got) + " " +
                                     reply);
        }
        return reply;
    }
    std::string createJob(const std::string& project, int i) {
        const std::string body = R"({"email":"lead)" + std::to_string(i) + R"(@example.com"})";
        return fieldAfter(expect(200, "POST", "/api/projects/" + project + "/generate", body),
                          "\"jobId\":\"");
    }

  private:
    ApiConnection connection_;
};

// What each instruction test starts from: a fresh run directory, a counted lodestoned on it
// (counting from nothing once started), a read-only look at its database, the Bench project's id
// and one client.
struct CountedRun {
    CountedRun(const std::string& name, bool engine)
        : run(name, keepRuns()),
          daemon(writeConfig(run, engine), run.path()),
          db(run.databaseFile()),
          project(benchId(db, "projects")),
          client(daemon.port()) {
        daemon.zero();
    }

    RunDir run;
    CountedLodestoned daemon;
    ReadOnlyDatabase db;
    std::string project;
    Client client;
};

// Instructions per operation: `operation(i)` run `times` times after kWarmUp unmeasured ones,
// numbered on from `first`.
template <typename Operation>
double perOperation(CountedLodestoned& daemon, int first, int times, Operation operation) {
    for (int i = first; i < first + kWarmUp; ++i) operation(i);
    daemon.count();  // what came before is not this operation's
    for (int i = first + kWarmUp; i < first + kWarmUp + times; ++i) operation(i);
    return static_cast<double>(daemon.count()) / times;
}

TEST(InstructionBudget, ApiRoutes) {
    CountedRun counted("lodestone-budget-api", false);
    auto& [run, daemon, db, project, client] = counted;
    const std::string campaign = benchId(db, "campaigns");

    const std::string job = client.createJob(project, 0);
    const std::string status = "/api/generation/" + job + "/status";
    const auto& counts = budgets().instructions;
    expectWithinBudget(
        counts, "status_get",
        perOperation(daemon, 0, kCountedRequests, [&](int) { client.expect(200, "GET", status); }),
        "instructions per request");
    expectWithinBudget(
        counts, "create",
        perOperation(daemon, 1, kCountedRequests, [&](int i) { client.createJob(project, i); }),
        "instructions per request");
    expectWithinBudget(counts, "add_lead",
                       perOperation(daemon, 0, kCountedRequests,
                                    [&](int i) {
                                        client.expect(201, "POST",
                                                      "/api/campaigns/" + campaign + "/leads",
                                                      leadBody(i));
                                    }),
                       "instructions per request");
    EXPECT_TRUE(daemon.stop().clean());
}

TEST(InstructionBudget, PipelineJob) {
    CountedRun counted("lodestone-budget-pipeline", true);
    auto& [run, daemon, db, project, client] = counted;

    // One job at a time, created and run to the end (research, content, finalize) before the
    // next: what one job costs, not how a batch shares its costs.
    auto runOneJob = [&](int i) {
        client.createJob(project, i);
        const bool done = lodestone::test::eventually(
            [&] {
                return db.integer("SELECT COUNT(*) FROM jobs WHERE status = 'completed'") == i + 1;
            },
            60s);
        if (!done) throw std::runtime_error("job " + std::to_string(i) + " did not complete");
    };
    expectWithinBudget(budgets().instructions, "pipeline_job",
                       perOperation(daemon, 0, kCountedJobs, runOneJob),
                       "instructions per job, from create to completed");
    EXPECT_TRUE(daemon.stop().clean());
}

std::int64_t residentKib(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);) {
        if (line.starts_with("VmRSS:")) return std::stoll(line.substr(6));
    }
    throw std::runtime_error("no VmRSS in /proc/" + std::to_string(pid) + "/status");
}

TEST(MemoryBudget, AfterStatusGetsAndCreates) {
    RunDir run("lodestone-budget-memory", keepRuns());
    auto daemon = launchLodestoned(writeConfig(run, false));
    const std::uint16_t port = waitUntilListening(daemon);
    ReadOnlyDatabase db(run.databaseFile());
    const std::string project = benchId(db, "projects");
    const std::string status = "/api/generation/" + Client(port).createJob(project, 0) + "/status";

    // As clients would: several at once, each on a keep-alive connection.
    const auto gets = runClients(port, 4, 100'000, [&](int, ApiConnection& c, ClientStats& s) {
        std::string reply;
        timedRequest(c, "GET", status, "", reply, s);
    });
    const auto creates = runClients(port, 4, 10'000, [&](int i, ApiConnection& c, ClientStats& s) {
        std::string reply;
        timedRequest(c, "POST", "/api/projects/" + project + "/generate",
                     R"({"email":"load)" + std::to_string(i) + R"(@example.com"})", reply, s);
    });
    EXPECT_EQ(gets.count(200), 100'000) << gets.firstProblem;
    EXPECT_EQ(creates.count(200), 10'000) << creates.firstProblem;
    expectWithinBudget(budgets().memory, "rss_kib", static_cast<double>(residentKib(daemon.pid())),
                       "KiB resident after 100,000 status GETs and 10,000 creates");
    EXPECT_TRUE(stopLodestoned(daemon).clean());
}

}  // namespace
}  // namespace lodestone::bench
