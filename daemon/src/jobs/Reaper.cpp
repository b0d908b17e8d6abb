#include "jobs/Reaper.hpp"

#include <Poco/Logger.h>

#include "jobs/Outcomes.hpp"
#include "jobs/WorkerIdentity.hpp"

namespace lodestone::jobs {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.jobs");
}
constexpr int kBatch = 100;

// "host:pid" of a lease owner, for messages.
std::string processOf(const std::string& owner) {
    auto second = owner.find(':', owner.find(':') + 1);
    return owner.substr(0, second);
}

}  // namespace

Reaper::Reaper(storage::Store& store, const RetryPolicy& retries,
               std::chrono::milliseconds interval, std::string us,
               std::function<void()> onRecovered)
    : store_(store),
      retries_(retries),
      interval_(interval),
      us_(std::move(us)),
      onRecovered_(std::move(onRecovered)) {}

Reaper::~Reaper() {
    stop();
}

void Reaper::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            lock.unlock();
            try {
                if (sweep() > 0) onRecovered_();
            } catch (const std::exception& e) {
                log().error("recovering expired leases failed: %s", std::string(e.what()));
            }
            lock.lock();
            wake_.wait_for(lock, interval_, [&] { return stopping_; });
        }
    });
}

void Reaper::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

int Reaper::sweep() {
    const auto now = domain::nowMillis();
    std::vector<storage::JobRepository::Lease> expired, orphaned;
    store_.read([&](storage::Repositories& repositories) {
        expired = repositories.jobs().expiredLeases(now, kBatch);
        std::vector<std::string> dead;
        for (const auto& owner : repositories.jobs().leaseOwners()) {
            if (isDeadLocalOwner(owner, us_)) dead.push_back(owner);
        }
        if (!dead.empty()) orphaned = repositories.jobs().leasesHeldBy(dead);
    });
    int recovered = 0;
    auto recover = [&](const storage::JobRepository::Lease& lease, bool byExpiry) {
        std::string stepName(domain::toString(lease.step));
        std::string error = byExpiry ? "the worker running the " + stepName +
                                           " step stopped responding (its lease expired)"
                                     : "lodestoned stopped while the " + stepName +
                                           " step was running (process " + processOf(lease.owner) +
                                           " is gone)";
        std::optional<domain::Timestamp> retryAt;
        if (recordFailure(store_, retries_,
                          {lease.jobId, lease.owner, lease.step, lease.retryCount, error, byExpiry,
                           lease.maxRetries},
                          retryAt)) {
            ++recovered;
            log().warning("job %s: %s%s", lease.jobId, error,
                          std::string(retryAt ? " (will retry)" : " (no retries left: failed)"));
        }
    };
    for (const auto& lease : orphaned) recover(lease, false);
    for (const auto& lease : expired) recover(lease, true);
    return recovered;
}

}  // namespace lodestone::jobs
