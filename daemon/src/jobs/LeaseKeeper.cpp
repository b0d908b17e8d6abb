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

LeaseKeeper::LeaseKeeper(storage::Store& store, std::string owner, std::chrono::milliseconds tick)
    : store_(store), owner_(std::move(owner)), tick_(tick) {}

LeaseKeeper::~LeaseKeeper() {
    stop();
}

void LeaseKeeper::start() {
    thread_ = std::thread([this] { loop(); });
}

void LeaseKeeper::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

void LeaseKeeper::track(const std::string& jobId, domain::StepName step,
                        std::chrono::milliseconds lease) {
    std::lock_guard lock(mutex_);
    tracked_[jobId] = Tracked{step, lease, domain::nowMillis()};
}

void LeaseKeeper::forget(const std::string& jobId) {
    std::lock_guard lock(mutex_);
    tracked_.erase(jobId);
}

void LeaseKeeper::progress(const std::string& jobId, int percent) {
    std::lock_guard lock(mutex_);
    if (auto it = tracked_.find(jobId); it != tracked_.end()) it->second.progress = percent;
}

bool LeaseKeeper::holds(const std::string& jobId) {
    std::lock_guard lock(mutex_);
    auto it = tracked_.find(jobId);
    return it != tracked_.end() && !it->second.lost;
}

void LeaseKeeper::loop() {
    std::unique_lock lock(mutex_);
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
    struct Renewal {
        std::string jobId;
        domain::Timestamp until;
    };
    struct Progress {
        std::string jobId;
        domain::StepName step;
        int percent;
    };
    std::vector<Renewal> renewals;
    std::vector<Progress> progress;
    const auto now = domain::nowMillis();
    {
        std::lock_guard lock(mutex_);
        for (auto& [id, tracked] : tracked_) {
            if (tracked.lost) continue;
            if (now - tracked.renewedAt >= renewEvery(tracked.lease)) {
                renewals.push_back({id, now + tracked.lease.count()});
            }
            if (tracked.progress != tracked.writtenProgress) {
                progress.push_back({id, tracked.step, tracked.progress});
            }
        }
    }
    if (renewals.empty() && progress.empty()) return;
    std::vector<std::string> lost;
    store_.write([&](storage::Repositories& repositories) {
        lost.clear();
        for (const auto& renewal : renewals) {
            if (repositories.jobs().renewLeases(owner_, {renewal.jobId}, renewal.until) == 0) {
                lost.push_back(renewal.jobId);
            }
        }
        for (const auto& update : progress) {
            repositories.jobs().reportProgress(update.jobId, owner_, update.step, update.percent);
        }
    });
    std::lock_guard lock(mutex_);
    for (const auto& renewal : renewals) {
        if (auto it = tracked_.find(renewal.jobId); it != tracked_.end())
            it->second.renewedAt = now;
    }
    for (const auto& update : progress) {
        if (auto it = tracked_.find(update.jobId); it != tracked_.end()) {
            it->second.writtenProgress = update.percent;
        }
    }
    for (const auto& id : lost) {
        if (auto it = tracked_.find(id); it != tracked_.end()) {
            it->second.lost = true;
            log().warning("job %s: lease lost (it was taken back as expired)", id);
        }
    }
}

}  // namespace lodestone::jobs
