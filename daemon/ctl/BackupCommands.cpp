#include "Commands.hpp"
#include "storage/Backup.hpp"
#include "storage/Transfer.hpp"

namespace lodestone::ctl {
namespace {

Result backup(const Arguments& args, const config::Config& config, const domain::Clock&) {
    args.expectPositionals(1, "FILE");
    if (config.storage.driver != "sqlite") {
        // PostgreSQL's own tools already take consistent copies while the daemons write, and
        // restore them; a second way of our own would only be less tested.
        throw std::runtime_error(
            "backup copies a SQLite database; this configuration's storage is PostgreSQL: back "
            "it up with pg_dump (docs/postgresql.md, \"Backups\")");
    }
    const std::filesystem::path target = args.positionals()[0];
    storage::BackupOptions options;
    options.overwrite = args.has("force");
    options.busyTimeout = config.storage.busyTimeout;
    auto report = storage::backupDatabase(config.storage.path, target, options);
    Result result;
    result.json->set("file", target.string());
    result.json->set("database", config.storage.path.string());
    result.json->set("pages", report.pages);
    result.json->set("bytes", static_cast<Poco::UInt64>(report.bytes));
    result.headline = "Backed up " + config.storage.path.string() + " to " + target.string() +
                      " (" + std::to_string(report.bytes) + " bytes).";
    return result;
}

// "sqlite:PATH" or "postgresql:DSN" of --from/--to.
storage::StoreOptions storeNamed(const Arguments& args, const std::string& flag,
                                 const std::string& driver) {
    const auto value = args.value(flag);
    const std::string prefix = driver + ":";
    if (!value || !value->starts_with(prefix) || value->size() == prefix.size()) {
        throw UsageError("--" + flag + ": expected " + driver + ":" +
                         (driver == "sqlite" ? "PATH" : "DSN") + ", got \"" + value.value_or("") +
                         "\"");
    }
    storage::StoreOptions options;
    options.driver = driver;
    if (driver == "sqlite") {
        options.path = std::filesystem::absolute(value->substr(prefix.size()));
        if (!std::filesystem::exists(options.path)) {
            throw std::runtime_error("--from: " + options.path.string() + " does not exist");
        }
    } else {
        options.dsn = value->substr(prefix.size());
    }
    options.poolSize = 1;
    return options;
}

Result migrateStorage(const Arguments& args, const config::Config&, const domain::Clock& clock) {
    args.expectPositionals(0, "");
    const auto from = storeNamed(args, "from", "sqlite");
    const auto to = storeNamed(args, "to", "postgresql");
    const auto report = storage::copySqliteToPostgresql(from, to, clock);
    Result result;
    auto tables = new Poco::JSON::Object();
    std::int64_t rows = 0;
    for (const auto& table : report.tables) {
        tables->set(table.name, table.rows);
        rows += table.rows;
    }
    result.json->set("from", from.path.string());
    result.json->set("schemaVersion", report.schemaVersion);
    result.json->set("rows", Poco::JSON::Object::Ptr(tables));
    result.headline =
        "Copied " + std::to_string(rows) + " rows in " + std::to_string(report.tables.size()) +
        " tables from " + from.path.string() + " to PostgreSQL (schema version " +
        std::to_string(report.schemaVersion) +
        "). Point storage: at it (driver: postgresql, dsn: ...) and start lodestoned.";
    return result;
}

}  // namespace

std::vector<Command> backupCommands() {
    return {
        {"backup",
         "",
         "backup FILE [--force]   (while lodestoned runs)",
         "Copies the database the config's storage.path names to FILE, consistently, while\n"
         "lodestoned may be running and writing (SQLite's online backup). The copy is written\n"
         "to a temporary file beside FILE and renamed into place, readable by its owner only;\n"
         "it is a standalone SQLite file, to restore by stopping lodestoned and putting it at\n"
         "storage.path. The database is copied as it is: no migration runs first.\n"
         "Run it as the user lodestoned runs as, so files SQLite creates beside the database\n"
         "stay theirs.\n\n"
         "  --force              replace FILE if it exists (default: refuse)\n",
         {{"force", false}},
         nullptr,
         backup},
        {"migrate-storage",
         "",
         "migrate-storage --from sqlite:PATH --to postgresql:DSN",
         "Copies a single-host installation's SQLite database into an empty PostgreSQL\n"
         "database, to run several lodestoned on it (docs/postgresql.md). Stop lodestoned\n"
         "first: writes made during the copy are not copied. The SQLite file is brought to\n"
         "this version's schema first, as lodestoned's start would; PostgreSQL's schema is\n"
         "created. Every row is copied in one transaction: the target has all of them or,\n"
         "after an error, none. A PostgreSQL database that already holds rows is refused.\n\n"
         "  --from sqlite:PATH       the SQLite file (storage.path of the old config)\n"
         "  --to postgresql:DSN      a libpq connection string, e.g.\n"
         "                           postgresql:\"host=db1 dbname=lodestone user=lodestone\"\n",
         {{"from"}, {"to"}},
         nullptr,
         migrateStorage},
    };
}

}  // namespace lodestone::ctl
