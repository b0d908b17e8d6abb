#include "storage/sqlite/SqliteStore.hpp"

#include <Poco/Data/DataException.h>
#include <Poco/Data/SQLite/SQLiteException.h>
#include <sqlite3.h>

#include "domain/RequestId.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/sql/SqlRepositories.hpp"
#include "storage/sqlite/Migrations.hpp"
#include "storage/sqlite/Prepared.hpp"
#include "storage/sqlite/Sql.hpp"

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

// The exception being handled, as rethrowAsStorageError would throw it.
std::exception_ptr storageErrorFrom(const std::filesystem::path& path) {
    try {
        rethrowAsStorageError(path);
    } catch (...) {
        return std::current_exception();
    }
}

// BEGIN, COMMIT, SAVEPOINT and the like, compiled once per connection like the repositories'
// statements (sqlite3_exec would compile each again every time).
void control(ConnectionPool::Lease& lease, const char* sql) {
    Query(lease.statements(), sql).execute();
}

// Ends a transaction that failed, unless SQLite already rolled it back itself (an I/O error, a
// full disk). A connection whose rollback fails is in an unknown state: it is closed, not reused.
void rollback(ConnectionPool::Lease& lease) {
    try {
        if (!sqlite3_get_autocommit(lease.statements().db())) control(lease, "ROLLBACK");
    } catch (...) {
        lease.discard();
    }
}

// Enough to share one sync among all the request workers' writes, small enough that one batch
// does not hold the write lock for long.
constexpr std::size_t kMaxWritesPerTransaction = 64;

}  // namespace

SqliteStore::SqliteStore(const StoreOptions& options)
    : path_(options.path),
      checkpointer_(options.path, static_cast<int>(options.busyTimeout.count())),
      pool_(options.path, options.busyTimeout, options.poolSize, options.synchronous,
            &checkpointer_),
      writes_(kMaxWritesPerTransaction,
              [this](std::span<CommitGroup::Write*> batch) { commitBatch(batch); }) {}

void SqliteStore::migrate(const domain::Clock& clock) {
    {
        auto lease = pool_.acquire();
        try {
            applyMigrations(lease.session(), pool_.path().string(), clock);
        } catch (...) {
            // Its foreign-key setting is not known now: no other work may get this connection.
            lease.discard();
            rethrowAsStorageError(pool_.path());
        }
    }
    // What SQL cannot do in a migration: HMAC the addresses it copied (0018).
    write([](Repositories& repositories) { repositories.suppressions().hashUnhashed(); });
}

int SqliteStore::schemaVersion() {
    auto lease = pool_.acquire();
    try {
        return appliedVersion(lease.session());
    } catch (...) {
        rethrowAsStorageError(pool_.path());
    }
}

Store::WriteStats SqliteStore::writeStats() const {
    return writes_.stats();
}

int SqliteStore::latestSchemaVersion() const {
    return latestVersion();
}

void SqliteStore::withRepositories(bool writing, const std::function<void(Repositories&)>& work) {
    if (writing) {
        writes_.write(work);
    } else {
        read(work);
    }
}

void SqliteStore::read(const std::function<void(Repositories&)>& work) {
    auto lease = pool_.acquire();
    try {
        control(lease, "BEGIN");
    } catch (...) {
        rethrowAsStorageError(pool_.path());
    }
    try {
        sql::SqlRepositories repositories(lease.statements());
        work(repositories);
        control(lease, "COMMIT");
    } catch (...) {
        rollback(lease);
        rethrowAsStorageError(pool_.path());
    }
}

void SqliteStore::commitBatch(std::span<CommitGroup::Write*> batch) {
    // Whatever fails outside a write's own work (no connection, BEGIN, the commit) fails every
    // write of the batch that has no error of its own: none of them was committed.
    auto failRest = [&](const std::exception_ptr& error) {
        for (CommitGroup::Write* write : batch) {
            if (!write->error) write->error = error;
        }
    };
    try {
        auto lease = pool_.acquire();
        try {
            runBatch(lease, batch);
            // Still the only writer of this process: the moment to empty a log grown too long.
            checkpointer_.restartIfDue(lease.statements().db());
        } catch (...) {
            rollback(lease);
            throw;
        }
    } catch (...) {
        failRest(storageErrorFrom(pool_.path()));
    }
}

void SqliteStore::runBatch(ConnectionPool::Lease& lease, std::span<CommitGroup::Write*> batch) {
    // IMMEDIATE takes the write lock up front: a deferred transaction that later tries to write
    // can fail with SQLITE_BUSY at once, without waiting for the busy timeout.
    control(lease, "BEGIN IMMEDIATE");
    // A write alone needs no savepoint: its failure rolls back the transaction it owns.
    const bool alone = batch.size() == 1;
    for (CommitGroup::Write* write : batch) {
        domain::RequestIdScope requestId(write->requestId);
        if (!alone) control(lease, "SAVEPOINT one_write");
        try {
            sql::SqlRepositories repositories(lease.statements());
            (*write->work)(repositories);
            if (!alone) control(lease, "RELEASE one_write");
        } catch (...) {
            write->error = storageErrorFrom(pool_.path());
            if (alone) throw;
            // An I/O error or a full disk makes SQLite roll back the whole transaction, taking
            // the writes before this one with it: those fail too (the caller's ROLLBACK).
            if (sqlite3_get_autocommit(lease.statements().db())) throw;
            // Only this write's changes are undone; the others' stay for the commit.
            control(lease, "ROLLBACK TO one_write");
            control(lease, "RELEASE one_write");
        }
    }
    control(lease, "COMMIT");
}

}  // namespace lodestone::storage::sqlite
