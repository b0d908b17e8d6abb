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

    // How long until a sign-in of `account` from `address` may be tried; 0 when it may now.
    domain::Timestamp waitMs(const std::string& account, const std::string& address,
                             domain::Timestamp now);
    void failed(const std::string& account, const std::string& address, domain::Timestamp now);
    // A success clears the account's failures (not the address's).
    void succeeded(const std::string& account);

  private:
    using Failures = std::map<std::string, std::vector<domain::Timestamp>>;
    domain::Timestamp waitIn(Failures& failures, const std::string& key, int limit,
                             domain::Timestamp now);

    Limits limits_;
    std::mutex mutex_;
    Failures byAccount_;
    Failures byAddress_;
};

}  // namespace lodestone::dashboard
