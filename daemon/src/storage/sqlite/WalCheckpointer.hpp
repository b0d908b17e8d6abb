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
//
// The log starts over from its beginning only when a writer begins and finds it all copied, which
// a checkpoint running beside a stream of writers never leaves it: each commit adds pages behind
// it, and the log would grow without end (17 GB in a 4-minute flood of creates, measured). So
// once it holds `restartPages`, the next writer checkpoints itself right after its commit
// (restartIfDue), as SQLite's own checkpoints do: still the process's only writer, it leaves
// nothing uncopied, and the writer after it starts the log over. What it copies is only what the
// thread had not yet, so this costs little.
class WalCheckpointer {
  public:
    WalCheckpointer(std::filesystem::path database, int busyTimeoutMs,
                    int pagesPerCheckpoint = 1000, int restartPages = 4000);
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

    // Makes `connection`'s commits report here instead of checkpointing themselves.
    void watch(sqlite3* connection);

    // Called by the writer after its commit, on its connection: checkpoints there when the log
    // has passed `restartPages`. Failures are logged; the commit stands either way.
    void restartIfDue(sqlite3* writer);

    // Checkpoints run by this thread since start, and by writers (restartIfDue).
    std::size_t checkpoints() const { return checkpoints_.load(); }
    std::size_t restarts() const { return restarts_.load(); }

  private:
    static int onCommit(void* self, sqlite3* connection, const char* database, int pages);
    void run();
    void checkpoint(sqlite3* connection);

    const std::filesystem::path database_;
    const int busyTimeoutMs_;
    const int pagesPerCheckpoint_;
    const int restartPages_;
    std::mutex mutex_;
    std::condition_variable due_;
    std::mutex checkpointing_;  // held while either kind of checkpoint runs
    bool wanted_ = false;
    int lastPages_ = 0;  // the log's length at the last commit
    int nextMark_ = 0;   // its length when a checkpoint was last asked for
    bool stopping_ = false;
    std::atomic<std::size_t> checkpoints_{0};
    std::atomic<std::size_t> restarts_{0};
    std::atomic<bool> restartDue_{false};
    std::thread thread_;
};

}  // namespace lodestone::storage::sqlite
