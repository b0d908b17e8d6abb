#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "jobs/RetryPolicy.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

// Takes back jobs whose worker is gone: leases that ran out (a hung or crashed holder, another
// host's included), and at once the leases of lodestoned processes on this host that no longer
// exist (so a restart after a crash resumes their jobs without waiting out the lease). Each
// counts as a failed attempt, so a job that kills its worker every time ends `failed` rather
// than looping.
class Reaper {
  public:
    // `us`: this process's owner id, whose leases are never taken as orphaned.
    Reaper(storage::Store& store, const RetryPolicy& retries, std::chrono::milliseconds interval,
           std::string us, std::function<void()> onRecovered);
    ~Reaper();

    void start();
    void stop();
    // One pass; returns how many jobs it took back.
    int sweep();

  private:
    storage::Store& store_;
    const RetryPolicy& retries_;
    std::chrono::milliseconds interval_;
    std::string us_;
    std::function<void()> onRecovered_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::jobs
