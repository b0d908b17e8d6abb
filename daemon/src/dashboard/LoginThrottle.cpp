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

domain::Timestamp LoginThrottle::admit(const std::string& account, const std::string& address,
                                       domain::Timestamp now) {
    std::lock_guard lock(mutex_);
    const auto wait = std::max(waitIn(byAccount_, account, limits_.perAccount, now),
                               waitIn(byAddress_, address, limits_.perAddress, now));
    if (wait > 0) return wait;
    prune(now);
    byAccount_[account].push_back(now);
    byAddress_[address].push_back(now);
    return 0;
}

void LoginThrottle::succeeded(const std::string& account, const std::string& address,
                              domain::Timestamp at) {
    std::lock_guard lock(mutex_);
    byAccount_.erase(account);
    if (auto found = byAddress_.find(address); found != byAddress_.end()) {
        auto& times = found->second;
        if (auto it = std::find(times.begin(), times.end(), at); it != times.end()) times.erase(it);
        if (times.empty()) byAddress_.erase(found);
    }
}

void LoginThrottle::prune(domain::Timestamp now) {
    constexpr std::size_t kPruneAbove = 10'000;
    constexpr std::size_t kMostKept = 50'000;
    for (auto* failures : {&byAccount_, &byAddress_}) {
        if (failures->size() <= kPruneAbove) continue;
        std::erase_if(*failures, [&](const auto& entry) {
            return entry.second.back() <= now - limits_.windowMs;
        });
        // Still too many within one window: an attack from many addresses or at many
        // accounts. The map is cut down rather than let grow; the limits of the entries kept
        // still hold.
        while (failures->size() > kMostKept) failures->erase(failures->begin());
    }
}

}  // namespace lodestone::dashboard
