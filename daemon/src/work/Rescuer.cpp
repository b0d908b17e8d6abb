#include "work/Rescuer.hpp"

#include <Poco/Logger.h>

#include "storage/LeaseRepository.hpp"
#include "work/OutcomeLog.hpp"
#include "work/WorkerIdentity.hpp"

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

// Leases taken back per table and sweep; the rest wait for the next sweep.
constexpr int kBatch = 100;

}  // namespace

Rescuer::Rescuer(storage::Store& store, const domain::Clock& clock, std::vector<LeaseTable*> tables,
                 std::chrono::milliseconds interval, std::string us,
                 std::function<void(LeaseTable&)> onRescued)
    : store_(store),
      clock_(clock),
      tables_(std::move(tables)),
      interval_(interval),
      us_(std::move(us)),
      onRescued_(std::move(onRescued)) {}

Rescuer::~Rescuer() {
    stop();
}

void Rescuer::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            lock.unlock();
            sweep();
            lock.lock();
            clock_.waitUntil(lock, wake_, clock_.now() + interval_.count(),
                             [&] { return stopping_; });
        }
    });
}

void Rescuer::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

int Rescuer::sweep() {
    int rescued = 0;
    for (auto* table : tables_) {
        try {
            const int here = sweep(*table);
            if (here > 0) onRescued_(*table);
            rescued += here;
        } catch (const std::exception& e) {
            log().error("recovering expired %s leases failed: %s", table->name(),
                        std::string(e.what()));
        }
    }
    return rescued;
}

int Rescuer::sweep(LeaseTable& table) {
    const auto now = clock_.now();
    std::vector<storage::HeldLease> expired, orphaned;
    store_.read([&](storage::Repositories& repositories) {
        auto& leases = table.leases(repositories);
        expired = leases.expired(now, kBatch);
        std::vector<std::string> dead;
        for (const auto& owner : leases.owners()) {
            if (isDeadLocalOwner(owner, us_)) dead.push_back(owner);
        }
        if (!dead.empty()) orphaned = leases.heldBy(dead);
    });
    int rescued = 0;
    auto takeBack = [&](const storage::HeldLease& lease, LostBecause why) {
        try {
            auto rescue = store_.write([&](storage::Repositories& repositories) {
                return table.rescue(repositories, lease, why, now);
            });
            // A lease both orphaned and expired is taken back once: the second try finds it
            // gone.
            if (!rescue.recorded.held) return;
            ++rescued;
            log().warning("%s: %s; %s", rescue.subject, rescue.error,
                          whatComesNext(rescue.recorded.retryAt));
        } catch (const std::exception& e) {
            // One item that cannot be taken back must not keep the others of its table leased.
            log().error("%s %s: taking back the lease of %s failed: %s", table.name(), lease.id,
                        lease.owner, std::string(e.what()));
        }
    };
    for (const auto& lease : orphaned) takeBack(lease, LostBecause::OwnerGone);
    for (const auto& lease : expired) takeBack(lease, LostBecause::Expired);
    return rescued;
}

}  // namespace lodestone::work
