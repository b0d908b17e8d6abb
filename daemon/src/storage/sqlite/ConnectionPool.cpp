#include "storage/sqlite/ConnectionPool.hpp"

#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/SQLite/Utility.h>
#include <Poco/Exception.h>
#include <Poco/Logger.h>
#include <sqlite3.h>

#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"

namespace lodestone::storage::sqlite {

ConnectionPool::Lease::Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection)
    : pool_(pool), connection_(std::move(connection)) {}

namespace {

// A write that shares its transaction with others runs inside a savepoint (SqliteStore's group
// commit), so SQLite keeps a copy of every existing page it changes in a statement journal, to
// undo that write alone if it fails. By default the journal moves to a temporary file past
// 64 KiB, which one create (about 16 pages) already reaches: every batch then wrote each page a
// second time, to a file opened and deleted for the batch, the largest single cost of a create.
// Kept in memory instead (in small chunks: a spill limit would make SQLite allocate the journal
// in chunks of the limit's size, one large allocation per write); it holds as many pages as the
// write changes, and only one write transaction runs at a time.
constexpr int kNeverSpill = -1;

// Statement journals in memory, and multi-thread mode: a connection serves one thread at a time
// (a pool lease; the checkpointer's own), so SQLite's per-connection mutexes, taken and released
// around every call (each column read), guard nothing; the mode keeps those of what connections
// share. Process-wide and only possible before SQLite's first use: done once, before the first
// pool opens a connection. Where SQLite was already in use (an embedding program), it stays as
// it was: slower, not wrong.
void configureSqlite() {
    [[maybe_unused]] static const bool once = [] {
        const bool configured =
            sqlite3_config(SQLITE_CONFIG_MULTITHREAD) == SQLITE_OK &&
            sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, kNeverSpill) == SQLITE_OK;
        if (!configured) {
            Poco::Logger::get("lodestone.storage")
                .debug(
                    "SQLite was in use before the first store opened: it keeps its "
                    "per-connection mutexes, and statement journals spill to temporary files "
                    "past 64 KiB");
        }
        return configured;
    }();
}

}  // namespace

ConnectionPool::Lease::~Lease() {
    pool_.connections_.give(std::move(connection_), discard_);
}

ConnectionPool::ConnectionPool(std::filesystem::path path, std::chrono::milliseconds busyTimeout,
                               int maxSize, std::string synchronous, WalCheckpointer* checkpointer)
    : path_(std::move(path)),
      busyTimeout_(busyTimeout),
      connections_(maxSize, busyTimeout),
      synchronous_(std::move(synchronous)),
      checkpointer_(checkpointer) {
    configureSqlite();
    Poco::Data::SQLite::Connector::registerConnector();
}

ConnectionPool::Lease ConnectionPool::acquire() {
    auto connection = connections_.take(
        [this] { return open(); },
        [this] {
            throw StorageError("no connection to " + path_.string() + " came free within " +
                               std::to_string(busyTimeout_.count()) + " ms (storage.pool_size is " +
                               std::to_string(connections_.maxSize()) + ")");
        });
    return Lease(*this, std::move(connection));
}

std::unique_ptr<Connection> ConnectionPool::open() {
    try {
        auto session = std::make_unique<Poco::Data::Session>("SQLite", path_.string());
        // WAL lets readers (lodestonectl, status polls) proceed while a writer commits. With
        // FULL a committed row survives power loss; NORMAL (storage.synchronous) only a crash.
        execute(*session, "PRAGMA journal_mode=WAL");
        execute(*session, "PRAGMA synchronous=" + synchronous_);
        execute(*session, "PRAGMA foreign_keys=ON");
        // Deleted and overwritten content is zeroed, not left in free space: an erased person's
        // address and name must leave the file's bytes (docs/lists.md, Erasure).
        execute(*session, "PRAGMA secure_delete=ON");
        execute(*session, "PRAGMA busy_timeout=" + std::to_string(busyTimeout_.count()));
        sqlite3* db = Poco::Data::SQLite::Utility::dbHandle(*session);
        if (checkpointer_) checkpointer_->watch(db);
        auto connection = std::make_unique<Connection>();
        connection->statements = std::make_unique<PreparedStatements>(db);
        connection->session = std::move(session);
        return connection;
    } catch (const Poco::Exception& e) {
        throw StorageError("cannot open SQLite database " + path_.string() + ": " +
                           e.displayText());
    }
}

}  // namespace lodestone::storage::sqlite
