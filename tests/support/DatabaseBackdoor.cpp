#include "support/DatabaseBackdoor.hpp"

#include <Poco/Data/SQLite/Connector.h>
#include <libpq-fe.h>

#include <memory>
#include <optional>
#include <stdexcept>

namespace lodestone::test {

using Poco::Data::Keywords::into;
using Poco::Data::Keywords::now;

namespace {

using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

// One statement on its own connection, as the SQLite side runs each on its own session.
Result onPostgresql(const std::string& dsn, const std::string& sql) {
    std::unique_ptr<PGconn, decltype(&PQfinish)> connection(PQconnectdb(dsn.c_str()), &PQfinish);
    if (PQstatus(connection.get()) != CONNECTION_OK) {
        throw std::runtime_error("cannot connect to PostgreSQL: " +
                                 std::string(PQerrorMessage(connection.get())));
    }
    Result result(PQexec(connection.get(), sql.c_str()), &PQclear);
    const auto status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        throw std::runtime_error(sql + ": " + PQerrorMessage(connection.get()));
    }
    return result;
}

// The first column of the first row; SQLite's into() leaves its target as it was for no row.
std::optional<std::string> firstValue(const Result& result) {
    if (PQntuples(result.get()) == 0 || PQnfields(result.get()) == 0 ||
        PQgetisnull(result.get(), 0, 0)) {
        return std::nullopt;
    }
    return std::string(PQgetvalue(result.get(), 0, 0));
}

}  // namespace

std::int64_t DatabaseBackdoor::count(const std::string& query) const {
    if (!dsn_.empty()) {
        const auto value = firstValue(onPostgresql(dsn_, query));
        if (!value) return 0;
        if (*value == "t" || *value == "f") return *value == "t" ? 1 : 0;
        return std::stoll(*value);
    }
    auto session = open();
    std::int64_t n = 0;
    session << query, into(n), now;
    return n;
}

std::string DatabaseBackdoor::text(const std::string& query) const {
    if (!dsn_.empty()) return firstValue(onPostgresql(dsn_, query)).value_or("");
    auto session = open();
    std::string value;
    session << query, into(value), now;
    return value;
}

void DatabaseBackdoor::execute(const std::string& statement) const {
    if (!dsn_.empty()) {
        onPostgresql(dsn_, statement);
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
    const auto tables =
        firstValue(onPostgresql(dsn_,
                                "SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables "
                                "WHERE schemaname = 'public'"));
    if (!tables) throw std::runtime_error("the database has no tables to lock");
    const std::string lock = "BEGIN; LOCK TABLE " + *tables + " IN EXCLUSIVE MODE";
    Result result(PQexec(connection.get(), lock.c_str()), &PQclear);
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
