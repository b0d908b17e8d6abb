#include "Commands.hpp"
#include "storage/Backup.hpp"

namespace lodestone::ctl {
namespace {

Result backup(const Arguments& args, const config::Config& config) {
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
    };
}

}  // namespace lodestone::ctl
