#include "support/DatabaseBackdoor.hpp"

#include <Poco/Data/SQLite/Connector.h>
#include <libpq-fe.h>

#include <memory>
#include <stdexcept>

#include "support/PostgresServer.hpp"

namespace lodestone::test {

using Poco::Data::Keywords::into;
using Poco::Data::Keywords::now;

std::int64_t DatabaseBackdoor::count(const std::string& query) const {
    if (!dsn_.empty()) return countAt(dsn_, query);
    auto session = open();
    std::int64_t n = 0;
    session << query, into(n), now;
    return n;
}

std::string DatabaseBackdoor::text(const std::string& query) const {
    if (!dsn_.empty()) {
        const auto values = textsAt(dsn_, query);
        return values.empty() ? "" : values.front();
    }
    auto session = open();
    std::string value;
    session << query, into(value), now;
    return value;
}

void DatabaseBackdoor::execute(const std::string& statement) const {
    if (!dsn_.empty()) {
        executeAt(dsn_, statement);
        return;
    }
    auto session = open();
    session << statement, now;
}

Poco::Data::Session DatabaseBackdoor::open() const {
    if (!dsn_.empty()) throw std::logic_error("a SQLite session asked of a PostgreSQL backdoor");
    Poco::Data::SQLite::Connector::registerConnector();
    Poco::Data::Session session("SQLite", file_.string());
    session << "PRAGMA busy_timeout=5000", now;
    return session;
}

DatabaseBackdoor::WriteLock DatabaseBackdoor::holdWriteLock() const {
    if (dsn_.empty()) return WriteLock(open());
    std::shared_ptr<PGconn> connection(PQconnectdb(dsn_.c_str()), &PQfinish);
    if (PQstatus(connection.get()) != CONNECTION_OK) {
        throw std::runtime_error("cannot connect to PostgreSQL: " +
                                 std::string(PQerrorMessage(connection.get())));
    }
    const auto tables = text(
        "SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables "
        "WHERE schemaname = 'public'");
    if (tables.empty()) throw std::runtime_error("the database has no tables to lock");
    const std::string lock = "BEGIN; LOCK TABLE " + tables + " IN EXCLUSIVE MODE";
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(connection.get(), lock.c_str()),
                                                         &PQclear);
    if (PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
        throw std::runtime_error(lock + ": " + PQerrorMessage(connection.get()));
    }
    return WriteLock(std::move(connection));
}

DatabaseBackdoor::WriteLock::WriteLock(Poco::Data::Session session) : session_(std::move(session)) {
    *session_ << "BEGIN IMMEDIATE", now;
}

DatabaseBackdoor::WriteLock::WriteLock(std::shared_ptr<pg_conn> connection)
    : connection_(std::move(connection)) {}

DatabaseBackdoor::WriteLock::~WriteLock() {
    if (!session_) return;
    try {
        *session_ << "COMMIT", now;
    } catch (...) {
        // Closing the connection rolls back what is left of the transaction, which wrote nothing.
    }
}

}  // namespace lodestone::test
