#include "storage/sqlite/WalCheckpointer.hpp"

#include <Poco/Logger.h>
#include <pthread.h>

#include <chrono>
#include <string>

namespace lodestone::storage::sqlite {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.storage");
}

}  // namespace

WalCheckpointer::WalCheckpointer(std::filesystem::path database, int busyTimeoutMs,
                                 int pagesPerCheckpoint, int restartPages)
    : database_(std::move(database)),
      busyTimeoutMs_(busyTimeoutMs),
      pagesPerCheckpoint_(pagesPerCheckpoint),
      restartPages_(restartPages),
      thread_([this] { run(); }) {}

WalCheckpointer::~WalCheckpointer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    due_.notify_all();
    thread_.join();
}

void WalCheckpointer::watch(sqlite3* connection) {
    sqlite3_wal_hook(connection, &WalCheckpointer::onCommit, this);
}

// On the committing thread, after every commit: a comparison, and a wake-up once per mark.
int WalCheckpointer::onCommit(void* self, sqlite3*, const char*, int pages) {
    auto& checkpointer = *static_cast<WalCheckpointer*>(self);
    if (pages >= checkpointer.restartPages_) checkpointer.restartDue_ = true;
    {
        std::lock_guard lock(checkpointer.mutex_);
        // The log starts again from its beginning once a checkpoint has copied all of it; until
        // then it only grows, and one checkpoint per `pagesPerCheckpoint` new pages is enough
        // (as SQLite's own would do).
        if (pages < checkpointer.lastPages_) checkpointer.nextMark_ = 0;
        checkpointer.lastPages_ = pages;
        if (pages < checkpointer.nextMark_ + checkpointer.pagesPerCheckpoint_) return SQLITE_OK;
        checkpointer.nextMark_ = pages;
        checkpointer.wanted_ = true;
    }
    checkpointer.due_.notify_one();
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    pthread_setname_np(pthread_self(), "lodestone-wal");
    sqlite3* connection = nullptr;
    std::unique_lock lock(mutex_);
    while (true) {
        due_.wait(lock, [&] { return wanted_ || stopping_; });
        if (stopping_) break;
        wanted_ = false;
        lock.unlock();
        // Opened on first need: a process that writes little (lodestonectl) never opens it.
        if (!connection) {
            if (sqlite3_open_v2(database_.c_str(), &connection, SQLITE_OPEN_READWRITE, nullptr) !=
                SQLITE_OK) {
                log().warning("cannot open %s to checkpoint its log: %s", database_.string(),
                              std::string(sqlite3_errmsg(connection)));
                sqlite3_close(connection);
                connection = nullptr;
            } else {
                sqlite3_busy_timeout(connection, busyTimeoutMs_);
                // A connection learns that the file is in WAL mode when it first reads it; a
                // checkpoint before that does nothing.
                sqlite3_exec(connection, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
            }
        }
        if (connection) checkpoint(connection);
        lock.lock();
    }
    lock.unlock();
    // Closing the last connection checkpoints what is left, as SQLite always does.
    sqlite3_close(connection);
}

void WalCheckpointer::checkpoint(sqlite3* connection) {
    // The writer empties the log soon; a checkpoint here now would only make it fail (SQLite
    // refuses a second checkpoint at once, without waiting).
    if (restartDue_) return;
    std::lock_guard one(checkpointing_);
    int logFrames = 0;
    int copied = 0;
    const int rc = sqlite3_wal_checkpoint_v2(connection, nullptr, SQLITE_CHECKPOINT_PASSIVE,
                                             &logFrames, &copied);
    if (rc == SQLITE_OK && logFrames >= 0) {
        ++checkpoints_;
        return;
    }
    // The log keeps growing meanwhile; the next commit past the mark asks again.
    log().warning("checkpointing the log of %s failed: %s", database_.string(),
                  std::string(rc == SQLITE_OK ? "the database is not in WAL mode"
                                              : sqlite3_errmsg(connection)));
}

void WalCheckpointer::restartIfDue(sqlite3* writer) {
    if (!restartDue_.exchange(false)) return;
    // After the checkpoint this thread may be running, not at the same time (see above).
    std::lock_guard one(checkpointing_);
    int logFrames = 0;
    int copied = 0;
    const int rc =
        sqlite3_wal_checkpoint_v2(writer, nullptr, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied);
    if (rc == SQLITE_OK) {
        ++restarts_;
        return;
    }
    log().warning("checkpointing the log of %s after a commit failed (tried again at the next): %s",
                  database_.string(), std::string(sqlite3_errmsg(writer)));
}

}  // namespace lodestone::storage::sqlite
