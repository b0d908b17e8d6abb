#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"
#include "work/LeaseTable.hpp"

namespace lodestone::work {

// Takes back leased items whose worker is gone, in every table the engine leases from: leases
// that ran out (a hung or crashed holder, another host's included), and at once the leases of
// lodestoned processes on this host that no longer exist (so a restart after a crash resumes
// their work without waiting out the lease). Each counts as a failed attempt of its item.
class Rescuer {
  public:
    // `us`: this process's owner id, whose leases are never taken as orphaned. `onRescued` is
    // told the tables in which a sweep took something back (their queues have work again).
    Rescuer(storage::Store& store, const domain::Clock& clock, std::vector<LeaseTable*> tables,
            std::chrono::milliseconds interval, std::string us,
            std::function<void(LeaseTable&)> onRescued);
    ~Rescuer();
    Rescuer(const Rescuer&) = delete;
    Rescuer& operator=(const Rescuer&) = delete;

    // The first sweep runs at once: it takes back what a crashed predecessor left.
    void start();
    void stop();
    // One pass over every table; returns how many items it took back.
    int sweep();

  private:
    int sweep(LeaseTable& table);

    storage::Store& store_;
    const domain::Clock& clock_;
    std::vector<LeaseTable*> tables_;
    std::chrono::milliseconds interval_;
    std::string us_;
    std::function<void(LeaseTable&)> onRescued_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace lodestone::work
