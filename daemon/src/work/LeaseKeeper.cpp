#include "work/LeaseKeeper.hpp"

#include <Poco/Logger.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

// Renewed well before it could run out, but not on every tick.
domain::Timestamp renewEvery(std::chrono::milliseconds lease) {
    return std::clamp<domain::Timestamp>(lease.count() / 3, 100, 10'000);
}

}  // namespace

LeaseKeeper::LeaseKeeper(storage::Store& store, const domain::Clock& clock,
                         std::chrono::milliseconds tick)
    : store_(store), clock_(clock), tick_(tick), state_(std::make_shared<State>()) {}

LeaseKeeper::~LeaseKeeper() {
    stop();
}

void LeaseKeeper::start() {
    thread_ = std::thread([this] { loop(); });
}

void LeaseKeeper::stop() {
    {
        std::lock_guard lock(loopMutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

void LeaseKeeper::track(LeaseTable& table, const std::string& itemId, const std::string& owner,
                        std::chrono::milliseconds lease) {
    std::lock_guard lock(state_->mutex);
    state_->tracked[{&table, itemId}] = Tracked{owner, lease, clock_.now()};
}

void LeaseKeeper::forget(LeaseTable& table, const std::string& itemId, const std::string& owner) {
    std::lock_guard lock(state_->mutex);
    auto it = state_->tracked.find({&table, itemId});
    if (it != state_->tracked.end() && it->second.owner == owner) state_->tracked.erase(it);
}

void LeaseKeeper::finishing(LeaseTable& table, const std::string& itemId,
                            const std::string& owner) {
    std::lock_guard lock(state_->mutex);
    auto it = state_->tracked.find({&table, itemId});
    if (it != state_->tracked.end() && it->second.owner == owner) it->second.finishing = true;
}

bool LeaseKeeper::holds(LeaseTable& table, const std::string& itemId, const std::string& owner) {
    std::lock_guard lock(state_->mutex);
    auto it = state_->tracked.find({&table, itemId});
    return it != state_->tracked.end() && it->second.owner == owner && !it->second.lost;
}

std::function<void(int)> LeaseKeeper::progressReporter(LeaseTable& table, const std::string& itemId,
                                                       const std::string& owner) {
    return [weak = std::weak_ptr<State>(state_), key = Key{&table, itemId}, owner](int percent) {
        auto state = weak.lock();
        if (!state) return;
        std::lock_guard lock(state->mutex);
        auto it = state->tracked.find(key);
        if (it != state->tracked.end() && it->second.owner == owner) it->second.progress = percent;
    };
}

void LeaseKeeper::loop() {
    std::unique_lock lock(loopMutex_);
    while (!stopping_) {
        clock_.waitUntil(lock, wake_, clock_.now() + tick_.count(), [&] { return stopping_; });
        if (stopping_) break;
        lock.unlock();
        try {
            tickOnce();
        } catch (const std::exception& e) {
            // The next tick tries again; leases are renewed well before they run out.
            log().warning("renewing leases failed: %s", std::string(e.what()));
        }
        lock.lock();
    }
}

void LeaseKeeper::tickOnce() {
    struct Due {
        Key key;
        Tracked tracked;
        bool renew;
    };
    std::vector<Due> due;
    // The items of one claim share their table, owner and lease: one renewal call for them all.
    using Group = std::tuple<LeaseTable*, std::string, std::chrono::milliseconds>;
    std::map<Group, std::vector<std::string>> renewals;
    const auto now = clock_.now();
    {
        std::lock_guard lock(state_->mutex);
        for (const auto& [key, tracked] : state_->tracked) {
            if (tracked.lost) continue;
            bool renew = now - tracked.renewedAt >= renewEvery(tracked.lease);
            if (renew) renewals[{key.first, tracked.owner, tracked.lease}].push_back(key.second);
            if (renew || tracked.progress != tracked.writtenProgress) {
                due.push_back({key, tracked, renew});
            }
        }
    }
    if (due.empty()) return;
    std::set<Key> held;
    store_.write([&](storage::Repositories& repositories) {
        held.clear();
        for (const auto& [group, ids] : renewals) {
            const auto& [table, owner, lease] = group;
            for (auto& id : table->leases(repositories).renew(owner, ids, now + lease.count())) {
                held.insert({table, std::move(id)});
            }
        }
        for (const auto& [key, tracked, renew] : due) {
            if ((!renew || held.count(key) > 0) && tracked.progress != tracked.writtenProgress) {
                key.first->reportProgress(repositories, key.second, tracked.owner,
                                          tracked.progress);
            }
        }
    });
    std::lock_guard lock(state_->mutex);
    for (const auto& [key, tracked, renew] : due) {
        auto it = state_->tracked.find(key);
        // Only the claim this tick dealt with; a newer claim of the item is left alone.
        if (it == state_->tracked.end() || it->second.owner != tracked.owner) continue;
        it->second.writtenProgress = tracked.progress;
        if (!renew) continue;
        it->second.renewedAt = now;
        if (held.count(key) > 0) continue;
        it->second.lost = true;
        if (!it->second.finishing) {
            log().warning("%s %s: lease lost (it was taken back as expired)", key.first->name(),
                          key.second);
        }
    }
}

}  // namespace lodestone::work
