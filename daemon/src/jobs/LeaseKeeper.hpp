#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "domain/Jobs.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

// Keeps the leases of this process's running steps alive and writes their reported progress:
// one thread, one write transaction per tick for everything due, so a plugin reporting progress
// often costs no more than one that never does.
//
// A claim is known by its job and its lease owner, which is unique per claim: a late report
// about an earlier claim of the same job (a stale worker, a step that already moved on) never
// touches the current one.
class LeaseKeeper {
  public:
    explicit LeaseKeeper(storage::Store& store,
                         std::chrono::milliseconds tick = std::chrono::milliseconds(250));
    ~LeaseKeeper();

    void start();
    void stop();

    // From claim to the step's outcome.
    void track(const std::string& jobId, const std::string& owner, domain::StepName step,
               std::chrono::milliseconds lease);
    void forget(const std::string& jobId, const std::string& owner);
    // False once a renewal found the lease gone (the reaper gave the job away).
    bool holds(const std::string& jobId, const std::string& owner);

    // Where a step's progress goes. Safe to call from a plugin call that outlives the keeper
    // (an abandoned one): it then does nothing.
    std::function<void(int percent)> progressReporter(const std::string& jobId,
                                                      const std::string& owner);

  private:
    struct Tracked {
        std::string owner;
        domain::StepName step;
        std::chrono::milliseconds lease;
        domain::Timestamp renewedAt;
        int progress = -1;
        int writtenProgress = -1;
        bool lost = false;
    };
    // What progress reporters reach; shared so that they can outlive the keeper.
    struct State {
        std::mutex mutex;
        std::map<std::string, Tracked> tracked;  // by job id
    };

    void loop();
    void tickOnce();

    storage::Store& store_;
    std::chrono::milliseconds tick_;
    std::shared_ptr<State> state_;
    std::mutex loopMutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::jobs
