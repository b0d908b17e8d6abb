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
    // Either a leader takes this write into its batch and marks it done, or none is running
    // and this caller leads (again, when its write did not fit into the batch it led).
    while (!mine.done) {
        if (leading_) {
            finished_.wait(lock);
        } else {
            lead(lock);
        }
    }
    if (mine.error) std::rethrow_exception(mine.error);
}

void CommitGroup::lead(std::unique_lock<std::mutex>& lock) {
    leading_ = true;
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
    for (Write* write : batch) write->done = true;
    counts_.writes += batch.size();
    ++counts_.batches;
    leading_ = false;
    finished_.notify_all();
}

CommitGroup::Counts CommitGroup::counts() const {
    std::lock_guard lock(mutex_);
    Counts now = counts_;
    now.waiting = waiting_.size();
    return now;
}

}  // namespace lodestone::storage
