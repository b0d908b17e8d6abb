#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace lodestone::storage {

// The connections of one database, at most `maxSize` open at once, shared by both drivers'
// pools (SQLite's and PostgreSQL's differ only in how a connection is opened and leased).
// Thread-safe.
template <typename Connection>
class BoundedPool {
  public:
    BoundedPool(int maxSize, std::chrono::milliseconds wait) : maxSize_(maxSize), wait_(wait) {}

    // An idle connection, or a new one from `open()` while fewer than maxSize are open. Waits
    // up to `wait` for one to come back, then calls `exhausted()`, which throws. The wait is
    // bounded like a database's own lock wait: a caller that already holds a connection and asks
    // for another must fail, not wait for itself forever.
    template <typename Open, typename Exhausted>
    std::unique_ptr<Connection> take(Open open, Exhausted exhausted) {
        std::unique_lock lock(mutex_);
        if (!available_.wait_for(lock, wait_, [&] { return !idle_.empty() || open_ < maxSize_; })) {
            exhausted();
        }
        if (!idle_.empty()) {
            auto connection = std::move(idle_.back());
            idle_.pop_back();
            return connection;
        }
        ++open_;
        lock.unlock();
        try {
            return open();
        } catch (...) {
            lock.lock();
            --open_;
            available_.notify_one();
            throw;
        }
    }

    // Back from a lease; `discard`: closed instead (a broken or unknown state).
    void give(std::unique_ptr<Connection> connection, bool discard) {
        std::lock_guard lock(mutex_);
        if (discard || !connection) {
            --open_;
        } else {
            idle_.push_back(std::move(connection));
        }
        available_.notify_one();
    }

    // A connection opened outside take() (one opened at start-up), counted and kept idle.
    void keep(std::unique_ptr<Connection> connection) {
        std::lock_guard lock(mutex_);
        ++open_;
        idle_.push_back(std::move(connection));
    }

    int maxSize() const { return maxSize_; }

  private:
    const int maxSize_;
    const std::chrono::milliseconds wait_;
    std::mutex mutex_;
    std::condition_variable available_;
    std::vector<std::unique_ptr<Connection>> idle_;
    int open_ = 0;
};

}  // namespace lodestone::storage
