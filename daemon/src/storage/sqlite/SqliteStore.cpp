#include "storage/sqlite/SqliteStore.hpp"

#include <Poco/Data/DataException.h>
#include <Poco/Data/SQLite/SQLiteException.h>

#include "storage/sqlite/Migrations.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

// Turns a Poco::Data failure into a StorageError a caller can act on; anything else (our own
// errors, a JSON parse failure) passes through unchanged.
[[noreturn]] void rethrowAsStorageError(const std::filesystem::path& path) {
    try {
        throw;
    } catch (const StorageError&) {
        throw;
    } catch (const Poco::Data::SQLite::DBLockedException& e) {
        throw StorageError("database " + path.string() +
                           " stayed locked past storage.busy_timeout: " + e.displayText());
    } catch (const Poco::Data::DataException& e) {
        throw StorageError("database " + path.string() + ": " + e.displayText());
    }
}

}  // namespace

SqliteStore::SqliteStore(const StoreOptions& options)
    : pool_(options.path, options.busyTimeout, options.poolSize, options.synchronous) {}

void SqliteStore::migrate() {
    auto lease = pool_.acquire();
    try {
        applyMigrations(lease.session(), pool_.path().string());
    } catch (...) {
        // Its foreign-key setting is not known now: no other work may get this connection.
        lease.discard();
        rethrowAsStorageError(pool_.path());
    }
}

int SqliteStore::schemaVersion() {
    auto lease = pool_.acquire();
    try {
        return appliedVersion(lease.session());
    } catch (...) {
        rethrowAsStorageError(pool_.path());
    }
}

int SqliteStore::latestSchemaVersion() const {
    return latestVersion();
}

void SqliteStore::withRepositories(bool writing, const std::function<void(Repositories&)>& work) {
    auto lease = pool_.acquire();
    auto& session = lease.session();
    // SQLite lets one writer in at a time, and makes the others poll with growing sleeps (up to
    // 100 ms each). Queuing this process's writers on a mutex instead hands the lock over the
    // moment it is free; only writers in other processes (lodestonectl) still meet the busy
    // timeout.
    std::unique_lock<std::mutex> writer(writer_, std::defer_lock);
    if (writing) writer.lock();
    try {
        // IMMEDIATE takes the write lock up front: a deferred transaction that later tries to
        // write can fail with SQLITE_BUSY at once, without waiting for the busy timeout.
        executeControl(session, writing ? "BEGIN IMMEDIATE" : "BEGIN");
    } catch (...) {
        rethrowAsStorageError(pool_.path());
    }
    try {
        SqliteRepositories repositories(lease.statements());
        work(repositories);
        executeControl(session, "COMMIT");
    } catch (...) {
        try {
            executeControl(session, "ROLLBACK");
        } catch (...) {
            lease.discard();
        }
        rethrowAsStorageError(pool_.path());
    }
}

}  // namespace lodestone::storage::sqlite
