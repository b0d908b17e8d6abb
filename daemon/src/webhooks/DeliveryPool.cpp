#include "webhooks/DeliveryPool.hpp"

#include <Poco/Logger.h>

#include <system_error>

#include "jobs/WorkerIdentity.hpp"
#include "webhooks/AttemptRequest.hpp"

namespace lodestone::webhooks {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.webhooks");
}

const char* const kLostClaim =
    "interrupted: the lodestoned making this attempt stopped before recording its outcome (it "
    "may have reached the receiver)";

}  // namespace

DeliveryPool::DeliveryPool(DeliveryPoolSettings settings, RetrySchedule schedule,
                           storage::Store& store, std::string processOwner, DeliveryAttempt attempt)
    : settings_(settings),
      schedule_(std::move(schedule)),
      store_(store),
      processOwner_(std::move(processOwner)),
      attempt_(std::move(attempt)) {}

DeliveryPool::~DeliveryPool() {
    stop(std::chrono::milliseconds(0));
}

void DeliveryPool::start() {
    for (int i = 0; i < settings_.concurrency; ++i) workers_.emplace_back([this] { workerLoop(); });
    dispatcher_ = std::thread([this] { dispatchLoop(); });
}

void DeliveryPool::wake() {
    std::lock_guard lock(mutex_);
    woken_ = true;
    dispatcherWake_.notify_one();
}

void DeliveryPool::dispatchLoop() {
    auto nextLook = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    // Each call still running after its worker gave up on it takes a worker's place until it
    // returns, so hung plugin calls cannot cost a thread per delivery.
    auto room = [&] { return idle_ - static_cast<int>(ready_.size()) - abandonedCalls_->load(); };
    while (!stopping_) {
        dispatcherWake_.wait_until(lock, nextLook,
                                   [&] { return stopping_ || (woken_ && room() > 0); });
        if (stopping_) break;
        const int free = room();
        woken_ = false;
        lock.unlock();
        const auto now = std::chrono::steady_clock::now();
        if (now >= nextRecovery_) {
            recoverLostClaims();
            nextRecovery_ = now + settings_.pollInterval;
        }
        std::vector<Claimed> claimed;
        std::optional<domain::Timestamp> nextDue;
        if (free > 0) {
            try {
                claimed = claim(free, nextDue);
            } catch (const std::exception& e) {
                log().error("claiming webhook deliveries failed: %s", std::string(e.what()));
            }
        }
        lock.lock();
        for (auto& one : claimed) ready_.push_back(std::move(one));
        workAvailable_.notify_all();
        nextLook = std::chrono::steady_clock::now() + settings_.pollInterval;
        if (free <= 0 || static_cast<int>(claimed.size()) == free) {
            woken_ = true;  // there may be more: look again as soon as a worker is free
        } else if (nextDue) {
            auto wait = std::chrono::milliseconds(
                std::max<domain::Timestamp>(0, *nextDue - domain::nowMillis()));
            nextLook = std::min(nextLook, std::chrono::steady_clock::now() + wait);
        }
    }
    std::deque<Claimed> unstarted;
    unstarted.swap(ready_);
    lock.unlock();
    for (const auto& one : unstarted) release(one);
}

std::vector<DeliveryPool::Claimed> DeliveryPool::claim(int room,
                                                       std::optional<domain::Timestamp>& nextDue) {
    // An owner per claim, so the word of an earlier claim of the same delivery by this process
    // can never pass for this one's.
    const std::string owner = processOwner_ + ":" + std::to_string(++claims_);
    const auto now = domain::nowMillis();
    auto deliveries = store_.write([&](storage::Repositories& repositories) {
        return repositories.webhookDeliveries().claim(owner, now, now + settings_.lease.count(),
                                                      room);
    });
    if (static_cast<int>(deliveries.size()) < room) {
        nextDue = store_.read([](storage::Repositories& repositories) {
            return repositories.webhookDeliveries().nextDue();
        });
    }
    std::vector<Claimed> claimed;
    for (auto& delivery : deliveries) claimed.push_back({std::move(delivery), owner});
    return claimed;
}

void DeliveryPool::recoverLostClaims() {
    try {
        const auto now = domain::nowMillis();
        auto leased = store_.read([](storage::Repositories& repositories) {
            return repositories.webhookDeliveries().leased();
        });
        for (const auto& delivery : leased) {
            const std::string& owner = *delivery.leaseOwner;
            const bool expired = delivery.leaseExpiresAt && *delivery.leaseExpiresAt <= now;
            if (!expired && !jobs::isDeadLocalOwner(owner, processOwner_)) continue;
            storage::AttemptOutcome outcome;
            outcome.deliveryId = delivery.id;
            outcome.owner = owner;
            outcome.number = delivery.attemptCount;
            outcome.finishedAt = now;
            outcome.error = kLostClaim;
            outcome.retryAt = schedule_.retryAt(delivery.attemptCount, delivery.manual, now);
            const bool recovered = store_.write([&](storage::Repositories& repositories) {
                return repositories.webhookDeliveries().finishAttempt(outcome);
            });
            if (recovered) {
                log().warning("delivery %s: attempt %d was interrupted (lease of %s); %s",
                              delivery.id, delivery.attemptCount, owner,
                              std::string(outcome.retryAt ? "will retry" : "no retries left"));
            }
        }
    } catch (const std::exception& e) {
        log().error("recovering interrupted webhook attempts failed: %s", std::string(e.what()));
    }
}

std::unique_ptr<jobs::CallRunner> DeliveryPool::newRunner() {
    while (true) {
        try {
            return std::make_unique<jobs::CallRunner>(abandonedCalls_);
        } catch (const std::system_error& e) {
            log().error("cannot start a thread for webhook calls: %s", std::string(e.what()));
        }
        std::unique_lock lock(mutex_);
        if (stopping_) return nullptr;
        dispatcherWake_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; });
    }
}

void DeliveryPool::workerLoop() {
    auto runner = newRunner();
    std::unique_lock lock(mutex_);
    while (runner) {
        ++idle_;
        dispatcherWake_.notify_all();
        workAvailable_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
        --idle_;
        if (stopping_) return;  // the dispatcher hands unstarted claims back
        Claimed claimed = std::move(ready_.front());
        ready_.pop_front();
        running_.insert(runner.get());
        lock.unlock();
        deliver(claimed, *runner);
        auto replacement = runner->abandoned() ? newRunner() : nullptr;
        lock.lock();
        running_.erase(runner.get());
        if (replacement) runner = std::move(replacement);
        dispatcherWake_.notify_all();
    }
}

void DeliveryPool::deliver(const Claimed& claimed, jobs::CallRunner& runner) {
    AttemptResult result;
    try {
        auto campaign = store_.read([&](storage::Repositories& repositories) {
            return repositories.campaigns().find(claimed.delivery.campaignId);
        });
        result = attempt_.make(claimed.delivery, campaign, runner);
    } catch (const std::exception& e) {
        result.error = std::string("cannot make the attempt: ") + e.what();
    }
    record(claimed, result);
}

void DeliveryPool::record(const Claimed& claimed, const AttemptResult& result) {
    const auto& delivery = claimed.delivery;
    storage::AttemptOutcome outcome;
    outcome.deliveryId = delivery.id;
    outcome.owner = claimed.owner;
    outcome.number = delivery.attemptCount;
    outcome.finishedAt = domain::nowMillis();
    outcome.delivered = result.delivered;
    outcome.statusCode = result.statusCode;
    outcome.latencyMs = result.latencyMs;
    outcome.error = result.error;
    if (!result.delivered) {
        outcome.retryAt = schedule_.retryAt(outcome.number, delivery.manual, outcome.finishedAt);
    }
    // A database that is briefly busy must not lose the outcome: try until the lease would run
    // out, after which recovery counts the attempt as interrupted.
    const auto giveUpAt = std::chrono::steady_clock::now() + settings_.lease;
    auto pause = std::chrono::milliseconds(50);
    while (true) {
        try {
            const bool held = store_.write([&](storage::Repositories& repositories) {
                return repositories.webhookDeliveries().finishAttempt(outcome);
            });
            if (held) break;
            log().warning(
                "delivery %s: attempt %d finished after its claim was lost; outcome "
                "dropped",
                delivery.id, outcome.number);
            return;
        } catch (const std::exception& e) {
            if (std::chrono::steady_clock::now() + pause >= giveUpAt) {
                log().error("delivery %s: recording attempt %d failed, giving up: %s", delivery.id,
                            outcome.number, std::string(e.what()));
                return;
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::milliseconds(2000));
        }
    }
    if (result.delivered) {
        log().information("delivery %s: delivered on attempt %d (HTTP %d, %Ld ms)", delivery.id,
                          outcome.number, *result.statusCode, result.latencyMs);
        return;
    }
    const std::string next = outcome.retryAt ? "next attempt at " + isoUtc(*outcome.retryAt)
                                             : "no attempts left: the delivery is failed";
    log().warning("delivery %s: attempt %d failed: %s; %s", delivery.id, outcome.number,
                  result.error.value_or("unknown error"), next);
    if (outcome.retryAt) wake();  // to sleep until the retry is due, not the poll interval
}

void DeliveryPool::release(const Claimed& claimed) {
    try {
        store_.write([&](storage::Repositories& repositories) {
            repositories.webhookDeliveries().release(claimed.delivery.id, claimed.owner,
                                                     claimed.delivery.attemptCount);
        });
    } catch (const std::exception& e) {
        // Its lease then expires and recovery takes over.
        log().error("delivery %s: handing the claim back failed: %s", claimed.delivery.id,
                    std::string(e.what()));
    }
}

int DeliveryPool::stop(std::chrono::milliseconds grace) {
    {
        std::unique_lock lock(mutex_);
        if (!stopping_) {
            stopping_ = true;
            workAvailable_.notify_all();
            dispatcherWake_.notify_all();
        }
        dispatcherWake_.wait_for(lock, grace, [&] { return running_.empty(); });
        // Past the grace period the attempts still in flight are given up: each is recorded
        // as an interrupted (failed) attempt and retried on schedule.
        for (auto* runner : running_) runner->interrupt();
    }
    if (dispatcher_.joinable()) dispatcher_.join();
    for (auto& worker : workers_) {
        if (worker.joinable()) worker.join();
    }
    return abandonedCalls_->load();
}

}  // namespace lodestone::webhooks
