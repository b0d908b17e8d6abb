#include "storage/postgres/PgWorkListener.hpp"

#include <Poco/Logger.h>
#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <memory>

namespace lodestone::storage::postgres {
namespace {

// How often the thread looks up from its wait to see whether it should stop.
constexpr int kWaitMillis = 200;
constexpr auto kReconnectAfter = std::chrono::seconds(1);

}  // namespace

PgWorkListener::PgWorkListener(std::string dsn, std::string ownTag,
                               std::function<void(const std::string& queue)> heard)
    : dsn_(std::move(dsn)), ownTag_(std::move(ownTag)), heard_(std::move(heard)) {
    thread_ = std::thread([this] { run(); });
}

PgWorkListener::~PgWorkListener() {
    stopping_ = true;
    thread_.join();
}

// The operator's connection string, with defaults of our own before it (its own settings win):
// a connect that cannot end would hold up the stop that waits for this thread, and TCP
// keepalives notice a connection that died silently, which waiting for input alone never would.
PGconn* PgWorkListener::connect() const {
    const char* keys[] = {"connect_timeout",
                          "keepalives",
                          "keepalives_idle",
                          "keepalives_interval",
                          "keepalives_count",
                          "dbname",
                          nullptr};
    const char* values[] = {"5", "1", "15", "5", "3", dsn_.c_str(), nullptr};
    return PQconnectdbParams(keys, values, 1);
}

bool PgWorkListener::listenOn(PGconn* connection) {
    if (PQstatus(connection) != CONNECTION_OK) return false;
    const std::string listen = std::string("LISTEN ") + kWorkChannel;
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(connection, listen.c_str()),
                                                         &PQclear);
    return PQresultStatus(result.get()) == PGRES_COMMAND_OK;
}

void PgWorkListener::run() {
    auto& log = Poco::Logger::get("lodestone.storage");
    std::unique_ptr<PGconn, decltype(&PQfinish)> connection(nullptr, &PQfinish);
    // Reconnects paced in real time on the listener's own thread, which waits in poll(), not on a
    // clock.
    auto lastAttempt = std::chrono::steady_clock::time_point{};
    bool warned = false;
    while (!stopping_) {
        if (!connection) {
            if (std::chrono::steady_clock::now() - lastAttempt < kReconnectAfter) {
                ::poll(nullptr, 0, kWaitMillis);
                continue;
            }
            lastAttempt = std::chrono::steady_clock::now();
            connection.reset(connect());
            if (!listenOn(connection.get())) {
                if (!warned) {
                    log.warning(
                        "cannot listen for other hosts' work announcements (idle workers "
                        "find it at their next poll instead): %s",
                        std::string(PQerrorMessage(connection.get())));
                    warned = true;
                }
                connection.reset();
                continue;
            }
            warned = false;
        }
        pollfd socket{PQsocket(connection.get()), POLLIN, 0};
        if (::poll(&socket, 1, kWaitMillis) <= 0) continue;
        if (PQconsumeInput(connection.get()) == 0) {
            connection.reset();  // the server went away: open another
            continue;
        }
        while (PGnotify* notice = PQnotifies(connection.get())) {
            const std::string payload = notice->extra;
            PQfreemem(notice);
            const auto space = payload.find(' ');
            if (space == std::string::npos || payload.substr(space + 1) == ownTag_) continue;
            try {
                heard_(payload.substr(0, space));
            } catch (const std::exception& e) {
                log.error("waking workers for %s failed: %s", payload.substr(0, space),
                          std::string(e.what()));
            }
        }
    }
}

}  // namespace lodestone::storage::postgres
