#include "storage/CommitGroup.hpp"

#include <vector>

#include "domain/RequestId.hpp"

namespace lodestone::storage {

CommitGroup::CommitGroup(std::size_t maxBatch, BatchRunner runBatch)
    : maxBatch_(maxBatch), runBatch_(std::move(runBatch)) {}

void CommitGroup::write(const std::function<void(Repositories&)>& work) {
    Write mine;
    mine.work = &work;
    mine.requestId = domain::currentRequestId();
    std::unique_lock lock(mutex_);
    waiting_.push_back(&mine);
    if (leading_) {
        // The leader takes this write into a batch, or hands this caller the lead.
        mine.woken.wait(lock, [&] { return mine.done || mine.leads; });
    } else {
        leading_ = true;
    }
    if (!mine.done) lead(mine, lock);
    lock.unlock();
    if (mine.error) std::rethrow_exception(mine.error);
}

void CommitGroup::lead(Write& mine, std::unique_lock<std::mutex>& lock) {
    while (!mine.done) {
        std::vector<Write*> batch;
        while (!waiting_.empty() && batch.size() < maxBatch_) {
            batch.push_back(waiting_.front());
            waiting_.pop_front();
        }
        lock.unlock();
        try {
            runBatch_(batch);
        } catch (...) {
            // The runner reports failures per write; this is the last line, so no caller waits
            // forever for an answer.
            for (Write* write : batch) {
                if (!write->error) write->error = std::current_exception();
            }
        }
        lock.lock();
        stats_.writes += batch.size();
        ++stats_.transactions;
        for (Write* write : batch) {
            write->done = true;
            if (write != &mine) write->woken.notify_one();
        }
    }
    // Writes that arrived meanwhile are led by the first of them.
    if (waiting_.empty()) {
        leading_ = false;
    } else {
        waiting_.front()->leads = true;
        waiting_.front()->woken.notify_one();
    }
}

Store::WriteStats CommitGroup::stats() const {
    std::lock_guard lock(mutex_);
    Store::WriteStats now = stats_;
    now.waiting = waiting_.size();
    return now;
}

}  // namespace lodestone::storage
