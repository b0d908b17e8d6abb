#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Time.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::work {

using domain::Timestamp;

// One item's lease: who holds it.
struct Lease {
    std::string itemId;
    std::string owner;
};

// Why the rescuer takes a lease back.
enum class LostBecause {
    Expired,    // it ran out: its holder hung, crashed on another host, or lost the database
    OwnerGone,  // its holder was a process of this host that no longer exists
};

// What writing an attempt's outcome did.
struct Recorded {
    bool held = false;                 // false: the claim had been lost; nothing was written
    std::optional<Timestamp> retryAt;  // a failure: when the item runs again (none: failed)
    std::optional<std::string> next;   // the queue that now holds the item (a job's next step)
    std::string note;                  // what is worth logging about a success, if anything
};

// A lease taken back: what became of its item.
struct Rescue {
    Recorded recorded;
    std::string subject;  // how logs name the item: "job job_…", "delivery whe_…, attempt 2"
    std::string error;    // the failed attempt's error, as the item's record shows it
};

// A table of leased items (jobs, webhook deliveries) as the lease keeper and the rescuer see it.
// Every change is guarded by the lease: an owner that lost an item changes nothing.
class LeaseTable {
  public:
    virtual ~LeaseTable() = default;

    // What an item is called in logs: "job", "webhook delivery".
    virtual const std::string& name() const = 0;

    // Extends `owner`'s leases on `itemIds` to `until`; returns how many it still held.
    virtual int renew(storage::Repositories& repositories, const std::string& owner,
                      const std::vector<std::string>& itemIds, Timestamp until) = 0;
    // Stores the progress a running attempt reported; tables that show none ignore it.
    virtual void reportProgress(storage::Repositories&, const std::string& /*itemId*/,
                                const std::string& /*owner*/, int /*percent*/) {}

    // Leases that ran out by `now`, oldest first; at most `limit`.
    virtual std::vector<Lease> expiredLeases(storage::Repositories& repositories, Timestamp now,
                                             int limit) = 0;
    virtual std::vector<std::string> leaseOwners(storage::Repositories& repositories) = 0;
    virtual std::vector<Lease> leasesHeldBy(storage::Repositories& repositories,
                                            const std::vector<std::string>& owners) = 0;
    // Records the lost claim as a failed attempt (it may or may not have done its work), so an
    // item that kills every worker that takes it fails after its retries instead of looping.
    // Nothing is written (recorded.held false) when the lease changed hands meanwhile.
    virtual Rescue rescue(storage::Repositories& repositories, const Lease& lease, LostBecause why,
                          Timestamp now) = 0;
};

}  // namespace lodestone::work
