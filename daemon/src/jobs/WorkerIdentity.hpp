#pragma once

#include <optional>
#include <string>

namespace lodestone::jobs {

// Who holds a lease: "<host>:<pid>:<random>", unique per lodestoned process start. The host and
// pid let a restarted daemon see that leases of a dead process on the same host can be taken
// back at once rather than after they expire.
std::string newLeaseOwner();

// True when `owner` names a process on this host that no longer exists. False when unsure
// (another host, a live or reused pid, an owner in another format).
bool isDeadLocalOwner(const std::string& owner);

}  // namespace lodestone::jobs
