#pragma once

#include <string>
#include <string_view>
#include <vector>

// The schema as numbered changes, one file each under daemon/src/storage/migrations/ (compiled
// in): sqlite/ and postgres/ hold each driver's own, and a file directly in migrations/ is run by
// both as written. Append only: a released file is never edited, not even its blanks, since
// databases in the field have applied it (and SQLite keeps a CREATE statement's text as given).
namespace lodestone::storage {

struct Migration {
    int version;
    std::string description;  // recorded in schema_migrations
    std::vector<std::string> statements;
};

// The migrations of one driver ("sqlite" or "postgres"), by version. Throws std::logic_error
// naming the file when one is malformed or the versions do not follow each other.
std::vector<Migration> migrationsOf(std::string_view driver);

// One migration file: its version from the name ("0007-webhook-endpoints.sql", under any
// folder), its description from the comment lines that open it (joined by spaces), then its
// statements (splitStatements).
Migration readMigration(std::string_view path, std::string_view text);

// `sql` cut at each `;` that ends a statement: not one inside a quoted string or name ('...',
// "..."), a comment (-- to the line's end, /* */), a PostgreSQL dollar-quoted body ($$ or $tag$),
// or a BEGIN ... END block (a trigger's body holds statements of its own; CASE ... END counts
// alike so that its END closes no BEGIN). Comments and blanks between statements are dropped;
// each statement is kept as written. No transaction control: the runner holds the transaction.
std::vector<std::string> splitStatements(std::string_view sql);

}  // namespace lodestone::storage
