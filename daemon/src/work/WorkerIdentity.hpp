#pragma once

#include <optional>
#include <string>

namespace lodestone::work {

// This process as a lease holder: "<host>:<pid>:<random>", unique per lodestoned start. Each
// claim (the items a pool claims in one transaction) has a lease owner that extends it
// ("<host>:<pid>:<random>:<claim number>"), so two claims of one item by one process are still
// told apart. The host and pid let a restarted daemon see that leases of
// a dead process on the same host can be taken back at once rather than after they expire.
std::string newProcessOwner();

// True when `owner` was held by a process on this host that no longer exists: its pid is gone,
// or it is our own pid (a container restarted with a stable pid) but not `us`. False when unsure
// (another host, a live pid, an owner in another format).
bool isDeadLocalOwner(const std::string& owner, const std::string& us);

// "<host>:<pid>" of a lease owner, for messages about the process that held it.
std::string processOf(const std::string& owner);

}  // namespace lodestone::work
