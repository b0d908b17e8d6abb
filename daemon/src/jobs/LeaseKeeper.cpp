#include "jobs/LeaseKeeper.hpp"

#include <Poco/Logger.h>

#include <algorithm>

namespace lodestone::jobs {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.jobs");
}

// Renewed well before it could run out, but not on every tick.
domain::Timestamp renewEvery(std::chrono::milliseconds lease) {
    return std::clamp<domain::Timestamp>(lease.count() / 3, 100, 10'000);
}

}  // namespace

LeaseKeeper::LeaseKeeper(storage::Store& store, std::chrono::milliseconds tick)
    : store_(store), tick_(tick), state_(std::make_shared<State>()) {}

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

void LeaseKeeper::track(const std::string& jobId, const std::string& owner, domain::StepName step,
                        std::chrono::milliseconds lease) {
    std::lock_guard lock(state_->mutex);
    state_->tracked[jobId] = Tracked{owner, step, lease, domain::nowMillis()};
}

void LeaseKeeper::forget(const std::string& jobId, const std::string& owner) {
    std::lock_guard lock(state_->mutex);
    auto it = state_->tracked.find(jobId);
    if (it != state_->tracked.end() && it->second.owner == owner) state_->tracked.erase(it);
}

bool LeaseKeeper::holds(const std::string& jobId, const std::string& owner) {
    std::lock_guard lock(state_->mutex);
    auto it = state_->tracked.find(jobId);
    return it != state_->tracked.end() && it->second.owner == owner && !it->second.lost;
}

std::function<void(int)> LeaseKeeper::progressReporter(const std::string& jobId,
                                                       const std::string& owner) {
    return [weak = std::weak_ptr<State>(state_), jobId, owner](int percent) {
        auto state = weak.lock();
        if (!state) return;
        std::lock_guard lock(state->mutex);
        auto it = state->tracked.find(jobId);
        if (it != state->tracked.end() && it->second.owner == owner) it->second.progress = percent;
    };
}

void LeaseKeeper::loop() {
    std::unique_lock lock(loopMutex_);
    while (!stopping_) {
        wake_.wait_for(lock, tick_, [&] { return stopping_; });
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
        std::string jobId;
        Tracked tracked;
        bool renew;
    };
    std::vector<Due> due;
    const auto now = domain::nowMillis();
    {
        std::lock_guard lock(state_->mutex);
        for (const auto& [id, tracked] : state_->tracked) {
            if (tracked.lost) continue;
            bool renew = now - tracked.renewedAt >= renewEvery(tracked.lease);
            if (renew || tracked.progress != tracked.writtenProgress) {
                due.push_back({id, tracked, renew});
            }
        }
    }
    if (due.empty()) return;
    std::vector<bool> held(due.size(), true);
    store_.write([&](storage::Repositories& repositories) {
        for (std::size_t i = 0; i < due.size(); ++i) {
            const auto& [id, tracked, renew] = due[i];
            if (renew) {
                held[i] = repositories.jobs().renewLeases(tracked.owner, {id},
                                                          now + tracked.lease.count()) > 0;
            }
            if (held[i] && tracked.progress != tracked.writtenProgress) {
                repositories.jobs().reportProgress(id, tracked.owner, tracked.step,
                                                   tracked.progress);
            }
        }
    });
    std::lock_guard lock(state_->mutex);
    for (std::size_t i = 0; i < due.size(); ++i) {
        auto it = state_->tracked.find(due[i].jobId);
        // Only the claim this tick dealt with; a newer claim of the job is left alone.
        if (it == state_->tracked.end() || it->second.owner != due[i].tracked.owner) continue;
        if (due[i].renew) it->second.renewedAt = now;
        it->second.writtenProgress = due[i].tracked.progress;
        if (!held[i]) {
            it->second.lost = true;
            log().warning("job %s: lease lost (it was taken back as expired)", due[i].jobId);
        }
    }
}

}  // namespace lodestone::jobs
