#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <string>

#include "storage/Store.hpp"

namespace lodestone::storage {

// Group commit: writes that arrive while another is being committed wait, then share one
// transaction (and so one sync to disk) instead of queueing for one each. The first caller to
// find no batch running leads: it takes every waiting write (up to a limit), runs them through
// `runBatch` on its own thread, and wakes each caller with its own outcome. A caller returns only
// after its batch is committed, so a write is as durable when write() returns as it was before.
class CommitGroup {
  public:
    // One caller's write in a batch. The batch runner sets `error` when this write failed (its
    // own exception, or the batch's when the whole transaction was lost) and leaves it empty
    // when it was committed.
    struct Write {
        const std::function<void(Repositories&)>* work = nullptr;
        std::string requestId;  // the caller's, so log lines written by its work carry it
        std::exception_ptr error;
        bool done = false;
        bool leads = false;  // handed the lead by the caller that led before it
        // Notified once: when its batch is committed, or when it is handed the lead. One wake
        // per caller, not a broadcast that would wake every waiter to find most still waiting.
        // (A condition variable sleeps at once; C++20's semaphores spin and yield first, which
        // measured as 6 % of the daemon's CPU under load.)
        std::condition_variable woken;
    };
    using BatchRunner = std::function<void(std::span<Write*>)>;

    CommitGroup(std::size_t maxBatch, BatchRunner runBatch);

    // Runs `work` in a transaction, alone or with other callers' writes; rethrows its error.
    void write(const std::function<void(Repositories&)>& work);

    // Writes and batches (transactions) run since start, and writes waiting for the next now.
    Store::WriteStats stats() const;

  private:
    // Runs batches until `mine` is committed, then hands the lead on; called with the lock held.
    void lead(Write& mine, std::unique_lock<std::mutex>& lock);

    const std::size_t maxBatch_;
    const BatchRunner runBatch_;
    mutable std::mutex mutex_;
    std::deque<Write*> waiting_;
    bool leading_ = false;
    Store::WriteStats stats_;  // without `waiting`, which is waiting_'s size
};

}  // namespace lodestone::storage
