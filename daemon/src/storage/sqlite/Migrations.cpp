#include "storage/sqlite/Migrations.hpp"

#include <exception>

#include "domain/Time.hpp"
#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"

namespace lodestone::storage::sqlite {

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all = migrationsOf("sqlite");
    return all;
}

int latestVersion() {
    return migrations().back().version;
}

int appliedVersion(Poco::Data::Session& session) {
    Poco::Data::Statement exists(session);
    exists << "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND "
              "name = 'schema_migrations'";
    bool hasTable = firstRow(exists, [](const Row& row) { return row.integer("n"); }).value_or(0);
    if (!hasTable) return 0;
    Poco::Data::Statement select(session);
    select << "SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations";
    return static_cast<int>(
        firstRow(select, [](const Row& row) { return row.integer("version"); }).value_or(0));
}

namespace {

// Fails the migration when a rebuilt table left a reference dangling.
void checkForeignKeys(Poco::Data::Session& session) {
    Poco::Data::Statement check(session);
    check << "PRAGMA foreign_key_check";
    auto problem = firstRow(check, [](const Row& row) {
        return row.text("table") + " row " + std::to_string(row.integer("rowid")) +
               " refers to a missing " + row.text("parent") + " row";
    });
    if (problem) throw StorageError("migration broke a foreign key: " + *problem);
}

}  // namespace

namespace {

bool foreignKeysOn(Poco::Data::Session& session) {
    Poco::Data::Statement check(session);
    check << "PRAGMA foreign_keys";
    return firstRow(check, [](const Row& row) { return row.integer("foreign_keys"); }).value_or(0);
}

// Runs the pending migrations in one IMMEDIATE transaction; returns how many it applied.
int applyPending(Poco::Data::Session& session, const std::string& databaseName,
                 const domain::Clock& clock) {
    execute(session, "BEGIN IMMEDIATE");
    try {
        execute(session,
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "version BIGINT PRIMARY KEY, description TEXT NOT NULL, "
                "applied_at BIGINT NOT NULL)");
        int current = appliedVersion(session);
        if (current > latestVersion()) {
            throw SchemaTooNew("database " + databaseName + " has schema version " +
                               std::to_string(current) + ", newer than this lodestoned knows (" +
                               std::to_string(latestVersion()) +
                               "); run the lodestoned release that wrote it, or a later one");
        }
        int applied = 0;
        for (const auto& migration : migrations()) {
            if (migration.version <= current) continue;
            for (const auto& sql : migration.statements) execute(session, sql);
            Poco::Data::Statement record(session);
            record << "INSERT INTO schema_migrations (version, description, applied_at) "
                      "VALUES (?, ?, ?)",
                bind(migration.version), bind(migration.description), bind(clock.now());
            record.execute();
            ++applied;
        }
        if (applied > 0) checkForeignKeys(session);
        execute(session, "COMMIT");
        return applied;
    } catch (...) {
        execute(session, "ROLLBACK");
        throw;
    }
}

}  // namespace

void applyMigrations(Poco::Data::Session& session, const std::string& databaseName,
                     const domain::Clock& clock) {
    // Rebuilding a table (SQLite's way of changing a column's constraints) drops the old one,
    // which with foreign keys on would cascade into the rows that refer to it and delete them.
    // SQLite's documented procedure: keys off outside the transaction (checked, since a pragma
    // that does not take is silent), every reference checked before commit, keys on again.
    execute(session, "PRAGMA foreign_keys = OFF");
    if (foreignKeysOn(session)) {
        throw StorageError("database " + databaseName +
                           ": cannot turn foreign keys off to migrate the schema");
    }
    std::exception_ptr failure;
    try {
        applyPending(session, databaseName, clock);
    } catch (...) {
        failure = std::current_exception();
    }
    execute(session, "PRAGMA foreign_keys = ON");
    if (!foreignKeysOn(session)) {
        throw StorageError("database " + databaseName +
                           ": cannot turn foreign keys back on after migrating");
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace lodestone::storage::sqlite
