#include "storage/postgres/PgPool.hpp"

#include "storage/StorageError.hpp"

namespace lodestone::storage::postgres {
namespace {

// "host 127.0.0.1 port 5432 database lodestone": where a connection went, for messages, without
// the password the connection string may hold.
std::string describe(PGconn* connection) {
    std::string text = "PostgreSQL database ";
    text += PQdb(connection);
    text += " on ";
    text += PQhost(connection);
    text += ":";
    text += PQport(connection);
    return text;
}

}  // namespace

void command(PGconn* connection, const char* sql) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(connection, sql), &PQclear);
    if (PQresultStatus(result.get()) != PGRES_COMMAND_OK &&
        PQresultStatus(result.get()) != PGRES_TUPLES_OK) {
        throwFor(result.get(), connection, sql);
    }
}

PgPool::PgPool(std::string dsn, std::chrono::milliseconds busyTimeout, int maxSize,
               std::chrono::milliseconds statementTimeout)
    : dsn_(std::move(dsn)),
      connections_(maxSize, busyTimeout),
      busyTimeout_(busyTimeout),
      statementTimeout_(statementTimeout) {
    // Opened now, so that a wrong address or password stops start-up with the server's reason.
    auto first = open();
    name_ = describe(first->raw);
    connections_.keep(std::move(first));
}

PgPool::Lease::Lease(PgPool& pool, std::unique_ptr<PgConnection> connection)
    : pool_(&pool), connection_(std::move(connection)) {}

PgPool::Lease::Lease(Lease&& other) noexcept
    : pool_(other.pool_), connection_(std::move(other.connection_)), discard_(other.discard_) {}

PgPool::Lease::~Lease() {
    if (!connection_) return;
    // A connection the server dropped is not reused.
    const bool broken = PQstatus(connection_->raw) != CONNECTION_OK;
    pool_->connections_.give(std::move(connection_), discard_ || broken);
}

PgPool::Lease PgPool::acquire() {
    auto connection = connections_.take(
        [this] { return open(); },
        [this] {
            throw StorageError(
                "no connection to " + name_ + " came free within storage.busy_timeout (" +
                std::to_string(connections_.maxSize()) + " in storage.pool_size, all busy)");
        });
    return Lease(*this, std::move(connection));
}

std::unique_ptr<PgConnection> PgPool::open() {
    auto connection = std::make_unique<PgConnection>(PQconnectdb(dsn_.c_str()));
    if (PQstatus(connection->raw) != CONNECTION_OK) {
        std::string reason = PQerrorMessage(connection->raw);
        while (!reason.empty() && reason.back() == '\n') reason.pop_back();
        throw StorageError("cannot connect to PostgreSQL (storage.dsn): " + reason);
    }
    // Notices ("already exists, skipping") are for people at a psql prompt, not the log.
    command(connection->raw, "SET client_min_messages = warning");
    // Statements that run longer fail instead of holding their locks without end.
    const std::string timeout =
        "SET statement_timeout = " + std::to_string(statementTimeout_.count());
    command(connection->raw, timeout.c_str());
    // storage.busy_timeout means what it does on SQLite: how long a write waits for another
    // writer's lock before it fails.
    const std::string lockWait = "SET lock_timeout = " + std::to_string(busyTimeout_.count());
    command(connection->raw, lockWait.c_str());
    return connection;
}

}  // namespace lodestone::storage::postgres
