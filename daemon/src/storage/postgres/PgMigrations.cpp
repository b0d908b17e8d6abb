#include "storage/postgres/PgMigrations.hpp"

#include <string>

#include "domain/Time.hpp"
#include "storage/Migration.hpp"
#include "storage/StorageError.hpp"
#include "storage/postgres/PgPool.hpp"

// PostgreSQL's schema: the files of storage/migrations/postgres/ and those both drivers share. It
// starts whole at the version SQLite's numbered migrations had reached when PostgreSQL came (11):
// a PostgreSQL database is new, or copied over by lodestonectl migrate-storage, so it never needs
// SQLite's history replayed. From there on a schema change has the same number on both drivers
// (one shared file, or one in each folder where their SQL differs); PgSchemaTest compares the
// tables and columns the two make.
namespace lodestone::storage::postgres {
namespace {

// The advisory lock migrations hold, so that hosts starting at once apply each migration once:
// "lodeston" in ASCII, a number no other program on the database is likely to use.
constexpr const char* kMigrationLock = "SELECT pg_advisory_lock(7813586364093124462)";
constexpr const char* kMigrationUnlock = "SELECT pg_advisory_unlock(7813586364093124462)";

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all = migrationsOf("postgres");
    return all;
}

std::int64_t firstNumber(PGconn* connection, const char* sql) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(connection, sql), &PQclear);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) throwFor(result.get(), connection, sql);
    if (PQntuples(result.get()) == 0 || PQgetisnull(result.get(), 0, 0)) return 0;
    return std::stoll(PQgetvalue(result.get(), 0, 0));
}

void run(PGconn* connection, const std::string& sql) {
    command(connection, sql.c_str());
}

void applyPending(PGconn* connection, const std::string& databaseName, const domain::Clock& clock) {
    run(connection, "BEGIN");
    try {
        run(connection,
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, "
            "description TEXT NOT NULL, applied_at BIGINT NOT NULL)");
        const int current = appliedVersion(connection);
        if (current > latestVersion()) {
            throw SchemaTooNew("database " + databaseName + " has schema version " +
                               std::to_string(current) + ", newer than this lodestoned knows (" +
                               std::to_string(latestVersion()) +
                               "); run the lodestoned release that wrote it, or a later one");
        }
        for (const auto& migration : migrations()) {
            if (migration.version <= current) continue;
            for (const auto& sql : migration.statements) run(connection, sql);
            const std::string version = std::to_string(migration.version);
            const std::string at = std::to_string(clock.now());
            const char* values[] = {version.c_str(), migration.description.c_str(), at.c_str()};
            std::unique_ptr<PGresult, decltype(&PQclear)> recorded(
                PQexecParams(connection,
                             "INSERT INTO schema_migrations (version, description, applied_at) "
                             "VALUES ($1, $2, $3)",
                             3, nullptr, values, nullptr, nullptr, 0),
                &PQclear);
            if (PQresultStatus(recorded.get()) != PGRES_COMMAND_OK) {
                throwFor(recorded.get(), connection, "recording a migration");
            }
        }
        run(connection, "COMMIT");
    } catch (...) {
        PQclear(PQexec(connection, "ROLLBACK"));
        throw;
    }
}

}  // namespace

int latestVersion() {
    return migrations().back().version;
}

int appliedVersion(PGconn* connection) {
    if (firstNumber(connection,
                    "SELECT COUNT(*) FROM information_schema.tables WHERE "
                    "table_schema = current_schema() AND "
                    "table_name = 'schema_migrations'") == 0) {
        return 0;
    }
    return static_cast<int>(
        firstNumber(connection, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"));
}

void applyMigrations(PGconn* connection, const std::string& databaseName,
                     const domain::Clock& clock) {
    run(connection, kMigrationLock);
    std::exception_ptr failure;
    try {
        applyPending(connection, databaseName, clock);
    } catch (...) {
        failure = std::current_exception();
    }
    PQclear(PQexec(connection, kMigrationUnlock));
    if (failure) std::rethrow_exception(failure);
}

}  // namespace lodestone::storage::postgres
