#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"
#include "work/LeaseTable.hpp"

namespace lodestone::work {

// Keeps the leases of this process's running attempts alive, whatever their table, and writes
// the progress they report: one thread, one write transaction per tick for everything due, so a
// plugin reporting progress often costs no more than one that never does.
//
// A claim is known by its table, its item and its lease owner, which is unique per claim: a late
// report about an earlier claim of the same item (a stale worker, a job step that already moved
// on) never touches the current one.
class LeaseKeeper {
  public:
    LeaseKeeper(storage::Store& store, const domain::Clock& clock,
                std::chrono::milliseconds tick = std::chrono::milliseconds(250));
    ~LeaseKeeper();

    void start();
    void stop();

    // From claim to the outcome's record.
    void track(LeaseTable& table, const std::string& itemId, const std::string& owner,
               std::chrono::milliseconds lease);
    void forget(LeaseTable& table, const std::string& itemId, const std::string& owner);
    // The attempt ended and its outcome is about to be recorded: the lease is still renewed
    // until forget(), but finding it gone is then no surprise (the outcome's record released
    // it), so nothing is logged.
    void finishing(LeaseTable& table, const std::string& itemId, const std::string& owner);
    // False once a renewal found the lease gone (the rescuer gave the item away).
    bool holds(LeaseTable& table, const std::string& itemId, const std::string& owner);

    // Where an attempt's progress goes. Safe to call from a plugin call that outlives the keeper
    // (an abandoned one): it then does nothing.
    std::function<void(int percent)> progressReporter(LeaseTable& table, const std::string& itemId,
                                                      const std::string& owner);

  private:
    using Key = std::pair<LeaseTable*, std::string>;  // the table and the item's id
    struct Tracked {
        std::string owner;
        std::chrono::milliseconds lease;
        domain::Timestamp renewedAt;
        int progress = -1;
        int writtenProgress = -1;
        bool lost = false;
        bool finishing = false;
    };
    // What progress reporters reach; shared so that they can outlive the keeper.
    struct State {
        std::mutex mutex;
        std::map<Key, Tracked> tracked;
    };

    void loop();
    void tickOnce();

    storage::Store& store_;
    const domain::Clock& clock_;
    std::chrono::milliseconds tick_;
    std::shared_ptr<State> state_;
    std::mutex loopMutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::work
