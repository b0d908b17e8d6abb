#pragma once

#include <string>
#include <vector>

#include "domain/Time.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Who holds the lease on a leased item, and until when.
struct HeldLease {
    std::string id;
    std::string owner;
    Timestamp expiresAt = 0;
};

// The leases of one table of leased work (jobs, webhook deliveries): every such table keeps
// them in the same two columns, and the work engine asks every one the same questions.
class LeaseRepository {
  public:
    virtual ~LeaseRepository() = default;
    // Extends the owner's leases on these items to `until`; returns those it still held.
    virtual std::vector<std::string> renew(const std::string& owner,
                                           const std::vector<std::string>& ids,
                                           Timestamp until) = 0;
    // Leases that ran out by `now` (the holder died or hung), soonest expiry first; at most
    // `limit`.
    virtual std::vector<HeldLease> expired(Timestamp now, int limit) = 0;
    // The leases these owners hold, soonest expiry first.
    virtual std::vector<HeldLease> heldBy(const std::vector<std::string>& owners) = 0;
    // Every owner holding a lease.
    virtual std::vector<std::string> owners() = 0;
};

}  // namespace lodestone::storage
