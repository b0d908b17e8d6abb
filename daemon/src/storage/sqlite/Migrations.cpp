#include "storage/sqlite/Migrations.hpp"

#include "domain/Time.hpp"
#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"

namespace lodestone::storage::sqlite {

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

void applyMigrations(Poco::Data::Session& session, const std::string& databaseName) {
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
        for (const auto& migration : migrations()) {
            if (migration.version <= current) continue;
            for (const auto& sql : migration.statements) execute(session, sql);
            Poco::Data::Statement record(session);
            record << "INSERT INTO schema_migrations (version, description, applied_at) "
                      "VALUES (?, ?, ?)",
                bind(migration.version), bind(migration.description), bind(domain::nowMillis());
            record.execute();
        }
        execute(session, "COMMIT");
    } catch (...) {
        execute(session, "ROLLBACK");
        throw;
    }
}

}  // namespace lodestone::storage::sqlite
