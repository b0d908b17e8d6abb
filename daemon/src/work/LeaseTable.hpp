#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/LeaseRepository.hpp"
#include "storage/Repositories.hpp"
#include "work/Outcome.hpp"

namespace lodestone::work {

// Why the rescuer takes a lease back.
enum class LostBecause {
    Expired,    // it ran out: its holder hung, crashed on another host, or lost the database
    OwnerGone,  // its holder was a process of this host that no longer exists
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
    // The table's lease columns, on the repositories of the transaction at hand.
    virtual storage::LeaseRepository& leases(storage::Repositories& repositories) = 0;
    // Stores the progress a running attempt reported; tables that show none ignore it.
    virtual void reportProgress(storage::Repositories&, const std::string& /*itemId*/,
                                const std::string& /*owner*/, int /*percent*/) {}
    // Records the lost claim as a failed attempt (it may or may not have done its work), so an
    // item that kills every worker that takes it fails after its retries instead of looping.
    // Nothing is written (recorded.held false) when the lease changed hands meanwhile, or was
    // renewed since it was found expired.
    virtual Rescue rescue(storage::Repositories& repositories, const storage::HeldLease& lease,
                          LostBecause why, Timestamp now) = 0;
};

}  // namespace lodestone::work
