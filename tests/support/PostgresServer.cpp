#include "support/PostgresServer.hpp"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

namespace lodestone::test {
namespace {

// A port nothing listens on now. Another program may take it before the server binds it: start()
// then tries another.
std::uint16_t freeLoopbackPort() {
    Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
    return probe.address().port();
}

}  // namespace

std::filesystem::path PostgresServer::programs() {
    const std::filesystem::path root = "/usr/lib/postgresql";
    std::filesystem::path best;
    int bestVersion = -1;
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(root, ignored)) {
        const auto bin = entry.path() / "bin";
        if (!std::filesystem::exists(bin / "initdb")) continue;
        int version = std::atoi(entry.path().filename().c_str());
        if (version > bestVersion) {
            bestVersion = version;
            best = bin;
        }
    }
    return best;
}

PostgresServer::PostgresServer() : programs_(programs()) {
    if (programs_.empty()) {
        throw std::runtime_error(
            "PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): "
            "scripts/install-deps.sh installs Debian's postgresql");
    }
    if (::getuid() == 0) {
        // PostgreSQL refuses root; its files and processes belong to an unprivileged user.
        const passwd* user = ::getpwnam("postgres");
        if (user == nullptr) user = ::getpwnam("nobody");
        if (user == nullptr) throw std::runtime_error("running as root needs the user postgres");
        runAs_ = user->pw_name;
        uid_ = user->pw_uid;
        gid_ = user->pw_gid;
        if (::chown(dir_.path().c_str(), uid_, gid_) != 0) {
            throw std::runtime_error("cannot chown " + dir_.path().string());
        }
    }
    ::chmod(dir_.path().c_str(), 0700);
    makeCluster();
    start();
}

PostgresServer::~PostgresServer() {
    if (!started_) return;
    try {
        run("pg_ctl", {"stop", "-D", (dir_ / "data").string(), "-m", "immediate", "-w"});
    } catch (const std::exception&) {
        // The temporary directory goes anyway; a server left running dies with its files.
    }
}

// initdb is most of a cluster's start; every test program makes the same one. The first makes it
// and keeps a copy in the build tree (renamed into place whole, so a program running at the same
// time never copies half of one); the others copy that, with its owner, instead.
void PostgresServer::makeCluster() {
    const auto data = dir_ / "data";
    const std::filesystem::path cache = LODESTONE_TEST_CACHE_DIR;
    const auto kept = cache / ("postgres-" + programs_.parent_path().filename().string());
    if (std::filesystem::exists(kept / "PG_VERSION")) {
        copyTree(kept, data);
        return;
    }
    run("initdb", {"-D", data.string(), "-U", "lodestone", "-A", "trust", "-E", "UTF8",
                   "--locale=C", "--no-sync", "--no-instructions"});
    std::error_code error;
    std::filesystem::create_directories(cache, error);
    const auto partial = cache / ("partial-" + std::to_string(::getpid()));
    try {
        copyTree(data, partial);
        std::filesystem::rename(partial, kept, error);  // fails if another program kept one first
    } catch (const std::exception&) {
        // Not kept: the next program makes its own again.
    }
    std::filesystem::remove_all(partial, error);
}

void PostgresServer::copyTree(const std::filesystem::path& from, const std::filesystem::path& to) {
    auto done =
        runToCompletion("/bin/cp", {"-a", from.string(), to.string()}, std::chrono::seconds(60));
    if (done.status.code != 0) {
        throw std::runtime_error("cannot copy " + from.string() + ": " + done.errors);
    }
}

void PostgresServer::run(const std::string& program, const std::vector<std::string>& args) const {
    std::vector<std::string> full;
    std::filesystem::path command = programs_ / program;
    // In the cluster's folder: the server's user may not enter the test's working directory.
    if (!runAs_.empty()) {
        full = {"-u", runAs_, "--", "/usr/bin/env", "-C", dir_.path().string(), command.string()};
        command = "/usr/sbin/runuser";
    } else {
        full = {"-C", dir_.path().string(), command.string()};
        command = "/usr/bin/env";
    }
    full.insert(full.end(), args.begin(), args.end());
    auto done = runToCompletion(command, full, std::chrono::seconds(120));
    if (done.status.code != 0) {
        throw std::runtime_error(program + " failed: " + done.errors + done.output);
    }
}

void PostgresServer::start() {
    std::string lastError;
    for (int attempt = 0; attempt < 5; ++attempt) {
        port_ = freeLoopbackPort();
        const std::string options = "-c listen_addresses=127.0.0.1 -p " + std::to_string(port_) +
                                    " -k " + dir_.path().string() +
                                    " -c fsync=off -c synchronous_commit=off"
                                    " -c full_page_writes=off -c max_connections=300";
        try {
            run("pg_ctl", {"start", "-D", (dir_ / "data").string(), "-w", "-t", "60", "-l",
                           (dir_ / "server.log").string(), "-o", options});
            started_ = true;
            return;
        } catch (const std::exception& e) {
            lastError = e.what();
        }
    }
    throw std::runtime_error("PostgreSQL did not start: " + lastError);
}

std::string PostgresServer::dsn(const std::string& database) const {
    return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + database +
           " user=lodestone connect_timeout=10";
}

std::string PostgresServer::createDatabase() {
    const std::string name = "lodestone_test_" + std::to_string(++databases_);
    execute("postgres", "CREATE DATABASE " + name);
    return name;
}

void PostgresServer::dropDatabase(const std::string& database) {
    execute("postgres", "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
}

namespace {

struct Answer {
    std::unique_ptr<PGconn, decltype(&PQfinish)> connection;
    std::unique_ptr<PGresult, decltype(&PQclear)> result;
};

Answer ask(const std::string& dsn, const std::string& sql) {
    Answer answer{{PQconnectdb(dsn.c_str()), &PQfinish}, {nullptr, &PQclear}};
    if (PQstatus(answer.connection.get()) != CONNECTION_OK) {
        throw std::runtime_error("cannot connect to PostgreSQL: " +
                                 std::string(PQerrorMessage(answer.connection.get())));
    }
    answer.result.reset(PQexec(answer.connection.get(), sql.c_str()));
    const auto status = PQresultStatus(answer.result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        throw std::runtime_error(sql + ": " + PQerrorMessage(answer.connection.get()));
    }
    return answer;
}

}  // namespace

void executeAt(const std::string& dsn, const std::string& sql) {
    ask(dsn, sql);
}

std::vector<std::string> textsAt(const std::string& dsn, const std::string& query) {
    auto answer = ask(dsn, query);
    std::vector<std::string> values;
    for (int row = 0; row < PQntuples(answer.result.get()); ++row) {
        values.emplace_back(PQgetvalue(answer.result.get(), row, 0));
    }
    return values;
}

std::int64_t countAt(const std::string& dsn, const std::string& query) {
    auto answer = ask(dsn, query);
    const PGresult* result = answer.result.get();
    if (PQntuples(result) == 0 || PQnfields(result) == 0 || PQgetisnull(result, 0, 0)) return 0;
    const std::string value = PQgetvalue(result, 0, 0);
    if (value == "t" || value == "f") return value == "t" ? 1 : 0;
    return std::stoll(value);
}

void PostgresServer::execute(const std::string& database, const std::string& sql) const {
    executeAt(dsn(database), sql);
}

std::vector<std::string> PostgresServer::texts(const std::string& database,
                                               const std::string& query) const {
    return textsAt(dsn(database), query);
}

std::int64_t PostgresServer::count(const std::string& database, const std::string& query) const {
    return countAt(dsn(database), query);
}

PostgresServer& PostgresServer::shared() {
    static PostgresServer server;
    return server;
}

}  // namespace lodestone::test
