#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "domain/Records.hpp"

namespace lodestone::dashboard {

// Failed sign-ins counted per account and per client address over a sliding window: past either
// limit, sign-in is refused (the right password included) until the window's oldest failure
// ages out. Kept in memory: a restart forgets, which costs an attacker a restart of ours.
class LoginThrottle {
  public:
    struct Limits {
        int perAccount = 5;
        int perAddress = 20;
        domain::Timestamp windowMs = 15LL * 60 * 1000;
    };
    explicit LoginThrottle(Limits limits) : limits_(limits) {}

    // Whether a sign-in of `account` from `address` may be tried now: 0 when it may, and it is
    // then counted as a failure at once (so that sign-ins racing each other cannot all pass
    // before any failure is counted); else how long until one may.
    domain::Timestamp admit(const std::string& account, const std::string& address,
                            domain::Timestamp now);
    // The attempt admitted at `at` succeeded: it no longer counts, and the account's earlier
    // failures are forgotten (not the address's).
    void succeeded(const std::string& account, const std::string& address, domain::Timestamp at);

  private:
    using Failures = std::map<std::string, std::vector<domain::Timestamp>>;
    domain::Timestamp waitIn(Failures& failures, const std::string& key, int limit,
                             domain::Timestamp now);
    // Keeps the maps bounded, whatever number of accounts and addresses are tried.
    void prune(domain::Timestamp now);

    Limits limits_;
    std::mutex mutex_;
    Failures byAccount_;
    Failures byAddress_;
};

}  // namespace lodestone::dashboard
