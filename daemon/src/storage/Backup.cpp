#include "storage/Backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>

namespace lodestone::storage {
namespace {

struct CloseDatabase {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Database = std::unique_ptr<sqlite3, CloseDatabase>;

std::string sqliteMessage(sqlite3* db, int code) {
    return db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
}

Database openDatabase(const std::filesystem::path& path, int flags, const std::string& what) {
    sqlite3* raw = nullptr;
    const int code = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    Database db(raw);
    if (code != SQLITE_OK) {
        throw StorageError("cannot open " + what + " " + path.string() + ": " +
                           sqliteMessage(raw, code));
    }
    return db;
}

void execute(sqlite3* db, const std::string& sql, const std::string& what) {
    char* error = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errmsg(db);
        sqlite3_free(error);
        throw StorageError(what + ": " + message);
    }
}

// The temporary file the copy is written to: in target's folder (so the rename stays on one
// file system), removed again unless the copy was moved into place.
class TemporaryFile {
  public:
    explicit TemporaryFile(const std::filesystem::path& target) {
        std::string pattern = target.string() + ".tmp-XXXXXX";
        const int fd = mkstemp(pattern.data());  // mode 0600
        if (fd < 0) {
            throw StorageError("cannot create a temporary file beside " + target.string() + ": " +
                               std::strerror(errno));
        }
        ::close(fd);
        path_ = pattern;
    }
    ~TemporaryFile() {
        if (!path_.empty()) {
            std::error_code ignored;
            std::filesystem::remove(path_, ignored);
            std::filesystem::remove(path_.string() + "-journal", ignored);
        }
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;

    const std::filesystem::path& path() const { return path_; }
    void release() { path_.clear(); }

  private:
    std::filesystem::path path_;
};

std::int64_t copyPages(sqlite3* source, sqlite3* destination) {
    sqlite3_backup* backup = sqlite3_backup_init(destination, "main", source, "main");
    if (!backup) throw StorageError("cannot start the backup: " + sqliteMessage(destination, 0));
    // All pages in one step: one read transaction, so the copy is one snapshot however much is
    // written meanwhile (copying in slices would restart whenever another connection writes).
    // busy_timeout on both connections covers the locks; a lock still held past it fails.
    const int code = sqlite3_backup_step(backup, -1);
    const std::int64_t pages = sqlite3_backup_pagecount(backup);
    sqlite3_backup_finish(backup);
    if (code != SQLITE_DONE) {
        throw StorageError(std::string("the backup failed: ") + sqlite3_errstr(code));
    }
    return pages;
}

void syncFile(const std::filesystem::path& file) {
    // On disk before the rename makes it the backup, not only in the page cache.
    const int fd = ::open(file.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
        const std::string reason = std::strerror(errno);
        if (fd >= 0) ::close(fd);
        throw StorageError("cannot sync the backup " + file.string() + ": " + reason);
    }
    ::close(fd);
}

void syncFolder(const std::filesystem::path& folder) {
    const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    ::fsync(fd);  // the rename reaches the disk with the folder's entry
    ::close(fd);
}

void moveIntoPlace(TemporaryFile& copy, const std::filesystem::path& target, bool overwrite) {
    if (overwrite) {
        if (std::rename(copy.path().c_str(), target.c_str()) != 0) {
            throw StorageError("cannot rename the backup to " + target.string() + ": " +
                               std::strerror(errno));
        }
    } else {
        // link() fails if target exists, so a file created since the check is not replaced.
        if (::link(copy.path().c_str(), target.c_str()) != 0) {
            if (errno == EEXIST) {
                throw BackupTargetExists(target.string() +
                                         " already exists (pass --force to overwrite it)");
            }
            throw StorageError("cannot move the backup to " + target.string() + ": " +
                               std::strerror(errno));
        }
        std::error_code ignored;
        std::filesystem::remove(copy.path(), ignored);
    }
    copy.release();
    syncFolder(target.parent_path());
}

}  // namespace

BackupReport backupDatabase(const std::filesystem::path& database,
                            const std::filesystem::path& target, const BackupOptions& options) {
    if (!options.overwrite && std::filesystem::exists(target)) {
        throw BackupTargetExists(target.string() +
                                 " already exists (pass --force to overwrite it)");
    }
    if (!std::filesystem::exists(database)) {
        throw StorageError("there is no database at " + database.string() + " to back up");
    }
    // Read-write but never created: SQLite may need to write the WAL index of a database in WAL
    // mode even to read it.
    auto source = openDatabase(database, SQLITE_OPEN_READWRITE, "the database");
    sqlite3_busy_timeout(source.get(), static_cast<int>(options.busyTimeout.count()));

    TemporaryFile copy(target);
    BackupReport report;
    {
        auto destination =
            openDatabase(copy.path(), SQLITE_OPEN_READWRITE, "the temporary backup file");
        sqlite3_busy_timeout(destination.get(), static_cast<int>(options.busyTimeout.count()));
        report.pages = copyPages(source.get(), destination.get());
        // The copy keeps the source's WAL mode; a backup is better one self-contained file.
        execute(destination.get(), "PRAGMA journal_mode=DELETE", "cannot finish the backup");
    }
    syncFile(copy.path());
    report.bytes = std::filesystem::file_size(copy.path());
    moveIntoPlace(copy, target, options.overwrite);
    return report;
}

}  // namespace lodestone::storage
