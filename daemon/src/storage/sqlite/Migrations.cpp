#include "storage/sqlite/Migrations.hpp"

#include "domain/Time.hpp"
#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"

namespace lodestone::storage::sqlite {

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all{
        {1,
         "organisations, projects, campaigns, API keys",
         {
             R"sql(CREATE TABLE organisations (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL UNIQUE,
                 credits BIGINT NOT NULL DEFAULT 0 CHECK (credits >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL))sql",
             R"sql(CREATE TABLE projects (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 schema_json TEXT NOT NULL,
                 lead_magnet_host TEXT,
                 credits_per_generation BIGINT NOT NULL DEFAULT 1
                     CHECK (credits_per_generation >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name)))sql",
             R"sql(CREATE TABLE campaigns (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 webhook_url TEXT,
                 calendar_url TEXT,
                 webhook_secret TEXT NOT NULL,
                 icp_json TEXT,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 UNIQUE (organisation_id, name)))sql",
             R"sql(CREATE TABLE api_keys (
                 id TEXT PRIMARY KEY,
                 organisation_id TEXT NOT NULL REFERENCES organisations(id),
                 name TEXT NOT NULL,
                 key_hash TEXT NOT NULL UNIQUE,
                 prefix TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 expires_at BIGINT,
                 revoked_at BIGINT))sql",
             "CREATE INDEX api_keys_by_name ON api_keys (organisation_id, name)",
             R"sql(CREATE TABLE api_key_projects (
                 api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
                 project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                 PRIMARY KEY (api_key_id, project_id)))sql",
         }},
    };
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
