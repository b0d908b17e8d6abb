#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "domain/Jobs.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

// Keeps the leases of this process's running steps alive and writes their reported progress:
// one thread, one write transaction per tick for everything due, so a plugin reporting progress
// often costs no more than one that never does.
class LeaseKeeper {
  public:
    LeaseKeeper(storage::Store& store, std::string owner,
                std::chrono::milliseconds tick = std::chrono::milliseconds(250));
    ~LeaseKeeper();

    void start();
    void stop();

    // From claim to the step's outcome.
    void track(const std::string& jobId, domain::StepName step, std::chrono::milliseconds lease);
    void forget(const std::string& jobId);
    // Latest progress of a running step (any thread; written on the next tick).
    void progress(const std::string& jobId, int percent);
    // False once a renewal found the lease gone (the reaper gave the job away).
    bool holds(const std::string& jobId);

  private:
    struct Tracked {
        domain::StepName step;
        std::chrono::milliseconds lease;
        domain::Timestamp renewedAt;
        int progress = -1;
        int writtenProgress = -1;
        bool lost = false;
    };

    void loop();
    void tickOnce();

    storage::Store& store_;
    std::string owner_;
    std::chrono::milliseconds tick_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::map<std::string, Tracked> tracked_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::jobs
