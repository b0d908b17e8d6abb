#pragma once

#include <libpq-fe.h>

#include <string>

#include "domain/Clock.hpp"

namespace lodestone::storage::postgres {

int latestVersion();
// The highest version recorded in schema_migrations (0 for an empty database).
int appliedVersion(PGconn* connection);
// Applies every pending migration in one transaction, holding an advisory lock so that several
// hosts starting at once apply each once. Throws SchemaTooNew for a database from a newer build.
void applyMigrations(PGconn* connection, const std::string& databaseName,
                     const domain::Clock& clock);

}  // namespace lodestone::storage::postgres
