#pragma once

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <thread>

namespace lodestone::storage::sqlite {

// Copies the write-ahead log back into the database file on a thread of its own. SQLite does
// this by default inside the commit that passes 1,000 pages of log, so one writer in a thousand
// pays for it while every writer queued behind it waits (5-10 % of a busy daemon's time, all on
// the one path writes take in turn). Connections report their commits through watch(), and
// this thread runs a PASSIVE checkpoint, which never blocks writers or readers, once the log
// has grown by `pagesPerCheckpoint`.
class WalCheckpointer {
  public:
    WalCheckpointer(std::filesystem::path database, int busyTimeoutMs,
                    int pagesPerCheckpoint = 1000);
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

    // Makes `connection`'s commits report here instead of checkpointing themselves.
    void watch(sqlite3* connection);

    // Checkpoints run since start.
    std::size_t checkpoints() const { return checkpoints_.load(); }

  private:
    static int onCommit(void* self, sqlite3* connection, const char* database, int pages);
    void run();
    void checkpoint(sqlite3* connection);

    const std::filesystem::path database_;
    const int busyTimeoutMs_;
    const int pagesPerCheckpoint_;
    std::mutex mutex_;
    std::condition_variable due_;
    bool wanted_ = false;
    int lastPages_ = 0;  // the log's length at the last commit
    int nextMark_ = 0;   // its length when a checkpoint was last asked for
    bool stopping_ = false;
    std::atomic<std::size_t> checkpoints_{0};
    std::thread thread_;
};

}  // namespace lodestone::storage::sqlite
