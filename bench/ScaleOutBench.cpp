// scaleout_bench: jobs through the whole pipeline (no-op plugins) with one or more lodestoned
// on one database: one on SQLite (the single-host default), or one or several on PostgreSQL
// (docs/postgresql.md). Clients create jobs spread evenly over the daemons; the bench counts
// finished jobs in the database itself. See bench/README.md.
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/ApiClient.hpp"
#include "bench/support/Flags.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"
#include "bench/support/Time.hpp"
#include "support/PostgresServer.hpp"

namespace lodestone::bench::scaleout {
namespace {

using namespace std::chrono_literals;

struct Options {
    std::string storage = "sqlite";
    int daemons = 1;
    int jobs = 2000;
    int clients = 8;  // in all, split over the daemons
    std::string dsn;  // empty: a PostgreSQL server of the bench's own
    bool keep = false;
};

std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout
                << "usage: scaleout_bench [--storage sqlite|postgresql] [--daemons N]\n"
                   "       [--jobs N] [--clients N] [--dsn DSN] [--keep]\n"
                   "--dsn: a PostgreSQL database to use (emptied of lodestone's tables by\n"
                   "the caller); without it the bench starts a throw-away server on\n"
                   "127.0.0.1 (fsync off, as SQLite's synchronous: normal syncs no commit).\n";
            return std::nullopt;
        }
        if (flags.is("--storage")) {
            options.storage = flags.value();
        } else if (flags.is("--daemons")) {
            options.daemons = flags.integer();
        } else if (flags.is("--jobs")) {
            options.jobs = flags.integer();
        } else if (flags.is("--clients")) {
            options.clients = flags.integer();
        } else if (flags.is("--dsn")) {
            options.dsn = flags.value();
        } else if (flags.is("--keep")) {
            options.keep = true;
        } else {
            flags.unknown();
        }
    }
    if (options.storage != "sqlite" && options.storage != "postgresql") {
        throw std::invalid_argument("--storage: expected sqlite or postgresql");
    }
    if (options.storage == "sqlite" && options.daemons != 1) {
        throw std::invalid_argument("--daemons: SQLite is one host's; use --storage postgresql");
    }
    return options;
}

// The finished jobs, counted in the database the daemons share.
class JobCount {
  public:
    virtual ~JobCount() = default;
    virtual std::int64_t completed() = 0;
};

class SqliteJobCount final : public JobCount {
  public:
    explicit SqliteJobCount(const std::filesystem::path& file) : db_(file) {}
    std::int64_t completed() override {
        return db_.integer("SELECT COUNT(*) FROM jobs WHERE status = 'completed'");
    }

  private:
    ReadOnlyDatabase db_;
};

class PostgresJobCount final : public JobCount {
  public:
    explicit PostgresJobCount(const std::string& dsn) : connection_(PQconnectdb(dsn.c_str())) {
        if (PQstatus(connection_) != CONNECTION_OK) {
            const std::string reason = PQerrorMessage(connection_);
            PQfinish(connection_);
            throw std::runtime_error("cannot connect: " + reason);
        }
    }
    ~PostgresJobCount() override { PQfinish(connection_); }
    std::int64_t completed() override {
        PGresult* result =
            PQexec(connection_, "SELECT COUNT(*) FROM jobs WHERE status = 'completed'");
        std::int64_t n = PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1
                             ? std::stoll(PQgetvalue(result, 0, 0))
                             : 0;
        PQclear(result);
        return n;
    }

  private:
    PGconn* connection_;
};

std::string configYaml(const std::string& storageYaml, int jobs) {
    std::ostringstream yaml;
    yaml << "server:\n  listen: \"127.0.0.1:0\"\nstorage:\n"
         << storageYaml << noopPluginsYaml() << "jobs:\n  poll_interval: 200ms\n"
         << unthrottledYaml({"generate_per_minute", "status_per_minute"})
         << organisationYaml(static_cast<std::int64_t>(jobs) + 1000,
                             "      projects:\n        - name: Bench\n");
    return yaml.str();
}

std::string projectIdVia(std::uint16_t port) {
    ApiConnection connection(port);
    ClientStats stats;
    std::string reply;
    timedRequest(connection, "GET", "/api/projects", "", reply, stats);
    const auto id = fieldAfter(reply, "\"id\":\"");
    if (id.empty()) throw std::runtime_error("GET /api/projects: " + reply);
    return id;
}

int run(const Options& options) {
    RunDir dir("lodestone-scaleout", options.keep);
    std::unique_ptr<lodestone::test::PostgresServer> server;
    std::string storageYaml;
    std::string dsn = options.dsn;
    if (options.storage == "sqlite") {
        storageYaml =
            "  path: " + (dir.path() / "lodestone.db").string() + "\n  synchronous: normal\n";
    } else {
        if (dsn.empty()) {
            server = std::make_unique<lodestone::test::PostgresServer>();
            dsn = server->dsn(server->createDatabase());
        }
        storageYaml = "  driver: postgresql\n  dsn: \"" + dsn + "\"\n";
    }

    std::vector<std::unique_ptr<lodestone::test::ChildProcess>> daemons;
    std::vector<std::uint16_t> ports;
    for (int d = 0; d < options.daemons; ++d) {
        // One after the other: the first provisions, the others find it done.
        const auto config = dir.path() / ("lodestone-" + std::to_string(d) + ".yaml");
        std::ofstream(config) << configYaml(storageYaml, options.jobs);
        daemons.push_back(std::make_unique<lodestone::test::ChildProcess>(
            LODESTONED_PATH, std::vector<std::string>{"--config", config.string()}));
        ports.push_back(waitUntilListening(*daemons.back()));
    }
    const std::string generate = "/api/projects/" + projectIdVia(ports.front()) + "/generate";
    std::unique_ptr<JobCount> count;
    if (options.storage == "sqlite") {
        count = std::make_unique<SqliteJobCount>(dir.path() / "lodestone.db");
    } else {
        count = std::make_unique<PostgresJobCount>(dsn);
    }

    // Each daemon's share of the jobs, from its share of the clients.
    using Request = std::function<void(int, ApiConnection&, ClientStats&)>;
    std::vector<std::unique_ptr<ClientThreads<Request>>> clients;
    for (int d = 0; d < options.daemons; ++d) {
        const int base = options.jobs / options.daemons;
        const int extra = options.jobs % options.daemons;
        const int share = base + (d < extra ? 1 : 0);
        const int offset = d * base + std::min(d, extra);
        Request create = [&, offset](int i, ApiConnection& connection, ClientStats& stats) {
            const std::string n = std::to_string(offset + i);
            std::string reply;
            timedRequest(connection, "POST", generate,
                         R"({"email":"lead)" + n + R"(@example.com","fullName":"Lead )" + n + "\"}",
                         reply, stats);
        };
        clients.push_back(std::make_unique<ClientThreads<Request>>(
            ports[static_cast<std::size_t>(d)], std::max(1, options.clients / options.daemons),
            share, create));
    }
    // A database given with --dsn may hold an earlier run's jobs.
    const std::int64_t before = count->completed();
    const auto start = Clock::now();
    for (auto& group : clients) group->start();
    ClientStats creates;
    for (auto& group : clients) creates.merge(group->join());
    const double createSeconds = seconds(Clock::now() - start);

    std::int64_t done = 0;
    auto lastProgressAt = Clock::now();
    while (done < options.jobs) {
        std::this_thread::sleep_for(20ms);
        const auto now = count->completed() - before;
        if (now != done) lastProgressAt = Clock::now();
        done = now;
        if (Clock::now() - lastProgressAt > 60s) break;
    }
    const double totalSeconds = seconds(Clock::now() - start);
    bool clean = true;
    for (auto& daemon : daemons) clean = stopLodestoned(*daemon).clean() && clean;

    const auto created = creates.count(200);
    std::printf("scaleout_bench: %s, %d lodestoned, %d jobs, %d clients on %s\n",
                options.storage.c_str(), options.daemons, options.jobs, options.clients,
                Machine::describe().text().c_str());
    std::printf("  creates      %lld answered 200 in %.2f s: %.0f req/s\n",
                static_cast<long long>(created), createSeconds,
                static_cast<double>(created) / createSeconds);
    std::printf("  pipeline     %lld completed in %.2f s from the first create: %.0f jobs/s\n",
                static_cast<long long>(done), totalSeconds,
                static_cast<double>(done) / totalSeconds);
    const bool ok = clean && created == options.jobs && done == options.jobs;
    if (!ok)
        std::cerr << "scaleout_bench: FAILED" << (creates.firstProblem.empty() ? "" : ": ")
                  << creates.firstProblem << "\n";
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::scaleout

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("scaleout_bench", [&] {
        auto options = scaleout::parseOptions(argc, argv);
        return options ? scaleout::run(*options) : 0;
    });
}
