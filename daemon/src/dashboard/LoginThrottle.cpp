#include "dashboard/LoginThrottle.hpp"

#include <algorithm>

namespace lodestone::dashboard {

domain::Timestamp LoginThrottle::waitIn(Failures& failures, const std::string& key, int limit,
                                        domain::Timestamp now) {
    auto found = failures.find(key);
    if (found == failures.end()) return 0;
    auto& times = found->second;
    std::erase_if(times, [&](domain::Timestamp at) { return at <= now - limits_.windowMs; });
    if (times.empty()) {
        failures.erase(found);
        return 0;
    }
    if (static_cast<int>(times.size()) < limit) return 0;
    // The failure that must age out for the count to drop below the limit.
    return times[times.size() - static_cast<std::size_t>(limit)] + limits_.windowMs - now;
}

domain::Timestamp LoginThrottle::waitMs(const std::string& account, const std::string& address,
                                        domain::Timestamp now) {
    std::lock_guard lock(mutex_);
    return std::max(waitIn(byAccount_, account, limits_.perAccount, now),
                    waitIn(byAddress_, address, limits_.perAddress, now));
}

void LoginThrottle::failed(const std::string& account, const std::string& address,
                           domain::Timestamp now) {
    std::lock_guard lock(mutex_);
    // Accounts and addresses tried once and never again would otherwise stay for good.
    constexpr std::size_t kPruneAbove = 10'000;
    for (auto* failures : {&byAccount_, &byAddress_}) {
        if (failures->size() <= kPruneAbove) continue;
        std::erase_if(*failures, [&](const auto& entry) {
            return entry.second.back() <= now - limits_.windowMs;
        });
    }
    byAccount_[account].push_back(now);
    byAddress_[address].push_back(now);
}

void LoginThrottle::succeeded(const std::string& account) {
    std::lock_guard lock(mutex_);
    byAccount_.erase(account);
}

}  // namespace lodestone::dashboard
