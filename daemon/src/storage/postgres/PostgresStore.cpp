#include "storage/postgres/PostgresStore.hpp"

#include <unistd.h>

#include "domain/Random.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/postgres/PgMigrations.hpp"
#include "storage/postgres/PgWorkListener.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::postgres {
namespace {

// A write that lost to a concurrent transaction (deadlock, serialization failure) runs again up
// to this many times in all.
constexpr int kConflictAttempts = 5;

}  // namespace

PostgresStore::PostgresStore(const StoreOptions& options)
    : dsn_(options.dsn),
      processTag_(std::to_string(::getpid()) + "-" + domain::randomAlphanumeric(8)),
      pool_(options.dsn, options.busyTimeout, options.poolSize, options.statementTimeout) {}

void PostgresStore::announceWork(const std::string& queue) {
    try {
        auto lease = pool_.acquire();
        const std::string payload = queue + " " + processTag_;
        const char* values[] = {kWorkChannel, payload.c_str()};
        std::unique_ptr<PGresult, decltype(&PQclear)> result(
            PQexecParams(lease.raw(), "SELECT pg_notify($1, $2)", 2, nullptr, values, nullptr,
                         nullptr, 0),
            &PQclear);
        if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) lease.discard();
    } catch (const std::exception&) {
        // The others find the work at their next poll.
    }
}

std::unique_ptr<WorkListener> PostgresStore::listenForWork(
    std::function<void(const std::string& queue)> heard) {
    return std::make_unique<PgWorkListener>(dsn_, processTag_, std::move(heard));
}

void PostgresStore::migrate(const domain::Clock& clock) {
    {
        auto lease = pool_.acquire();
        // A host that starts while another migrates waits for it, however long a migration
        // takes; the connection is closed afterwards rather than returned without its timeouts.
        lease.discard();
        command(lease.raw(), "SET lock_timeout = 0");
        command(lease.raw(), "SET statement_timeout = 0");
        applyMigrations(lease.raw(), pool_.name(), clock);
    }
    // What SQL cannot do in a migration: HMAC the addresses it copied (0018).
    write([](Repositories& repositories) { repositories.suppressions().hashUnhashed(); });
}

int PostgresStore::schemaVersion() {
    auto lease = pool_.acquire();
    return appliedVersion(lease.raw());
}

int PostgresStore::latestSchemaVersion() const {
    return latestVersion();
}

Store::WriteStats PostgresStore::writeStats() const {
    // Every write is a transaction of its own.
    const auto writes = writes_.load();
    return {writes, writes, 0};
}

void PostgresStore::withRepositories(bool writing, const std::function<void(Repositories&)>& work) {
    for (int attempt = 1;; ++attempt) {
        try {
            transaction(writing, work);
            if (writing) ++writes_;
            return;
        } catch (const RetryableConflict& e) {
            if (attempt == kConflictAttempts) {
                throw StorageError(pool_.name() + ": a transaction lost to concurrent ones " +
                                   std::to_string(kConflictAttempts) + " times: " + e.what());
            }
        }
    }
}

void PostgresStore::transaction(bool writing, const std::function<void(Repositories&)>& work) {
    auto lease = pool_.acquire();
    // A read sees one snapshot throughout, as a SQLite read transaction does.
    command(lease.raw(), writing ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
        sql::SqlRepositories repositories(lease.statements());
        work(repositories);
        // COMMIT of a transaction a failed statement aborted answers ROLLBACK, not an error.
        if (PQtransactionStatus(lease.raw()) == PQTRANS_INERROR) {
            throw StorageError(pool_.name() +
                               ": a statement failed inside the transaction; nothing was kept");
        }
        command(lease.raw(), "COMMIT");
    } catch (...) {
        if (PQtransactionStatus(lease.raw()) != PQTRANS_IDLE) {
            try {
                command(lease.raw(), "ROLLBACK");
            } catch (...) {
                lease.discard();
            }
        }
        throw;
    }
}

}  // namespace lodestone::storage::postgres
