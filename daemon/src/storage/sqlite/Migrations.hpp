#pragma once

#include <Poco/Data/Session.h>

#include <string>
#include <vector>

#include "domain/Clock.hpp"
#include "storage/Migration.hpp"

namespace lodestone::storage::sqlite {

// SQLite's migrations: the files of storage/migrations/sqlite/ and those both drivers share.
const std::vector<Migration>& migrations();
int latestVersion();

// The highest version recorded in schema_migrations (0 if the table does not exist yet).
int appliedVersion(Poco::Data::Session& session);

// Applies every pending migration inside one IMMEDIATE transaction, so two processes starting at
// once (lodestoned and lodestonectl) cannot both apply one. Throws SchemaTooNew for a database
// from a newer build.
void applyMigrations(Poco::Data::Session& session, const std::string& databaseName,
                     const domain::Clock& clock);

}  // namespace lodestone::storage::sqlite
