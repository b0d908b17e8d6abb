#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>

#include "storage/StorageError.hpp"

namespace lodestone::storage {

// The backup's target exists and overwriting it was not asked for.
class BackupTargetExists : public StorageError {
  public:
    using StorageError::StorageError;
};

struct BackupOptions {
    bool overwrite = false;
    // How long to wait while another connection holds a lock the copy needs.
    std::chrono::milliseconds busyTimeout = std::chrono::seconds(5);
};

struct BackupReport {
    std::int64_t pages = 0;
    std::uintmax_t bytes = 0;
};

// Copies the SQLite database `database` to `target` with SQLite's online backup API, while
// lodestoned may be using it: the copy is one consistent snapshot (one read transaction, which
// in WAL mode writers do not wait for). The copy is written to a temporary file beside `target`
// (mode 0600: it holds secrets), synced, and then renamed into place, so `target` is never a
// half-written database. The copy is a standalone file (rollback journal, not WAL). Does not
// create or migrate `database`: a backup taken before an upgrade is the database as it was.
BackupReport backupDatabase(const std::filesystem::path& database,
                            const std::filesystem::path& target, const BackupOptions& options);

}  // namespace lodestone::storage
