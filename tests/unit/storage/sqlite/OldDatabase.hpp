#pragma once

#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>

#include <filesystem>
#include <string>
#include <vector>

#include "storage/sqlite/Migrations.hpp"

namespace lodestone::storage::test {

// A database as an older lodestoned left it: migrations 1 to `version` applied by hand (as that
// release applied them), then `rows` inserted, for a migration test to bring up to date.
inline void buildDatabaseAt(const std::filesystem::path& file, int version,
                            const std::vector<std::string>& rows) {
    using Poco::Data::Keywords::now;
    Poco::Data::SQLite::Connector::registerConnector();
    Poco::Data::Session session("SQLite", file.string());
    session << "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, "
               "description TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        now;
    for (const auto& migration : sqlite::migrations()) {
        if (migration.version > version) break;
        for (const auto& statement : migration.statements) session << statement, now;
        session << "INSERT INTO schema_migrations VALUES (" << migration.version << ", 'v', 0)",
            now;
    }
    for (const auto& row : rows) session << row, now;
}

}  // namespace lodestone::storage::test
