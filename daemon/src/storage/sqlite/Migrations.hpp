#pragma once

#include <Poco/Data/Session.h>

#include <string>
#include <vector>

namespace lodestone::storage::sqlite {

// One numbered schema change. Migrations are append-only: a released one is never edited.
struct Migration {
    int version;
    std::string description;
    std::vector<std::string> statements;
};

const std::vector<Migration>& migrations();
// Migrations 8 on (DashboardMigrations.cpp), after the founding ones.
std::vector<Migration> listAndDashboardMigrations();
int latestVersion();

// The highest version recorded in schema_migrations (0 if the table does not exist yet).
int appliedVersion(Poco::Data::Session& session);

// Applies every pending migration inside one IMMEDIATE transaction, so two processes starting at
// once (lodestoned and lodestonectl) cannot both apply one. Throws SchemaTooNew for a database
// from a newer build.
void applyMigrations(Poco::Data::Session& session, const std::string& databaseName);

}  // namespace lodestone::storage::sqlite
