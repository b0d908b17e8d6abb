#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "jobs/CallRunner.hpp"
#include "storage/Store.hpp"
#include "webhooks/DeliveryAttempt.hpp"
#include "webhooks/RetrySchedule.hpp"

namespace lodestone::webhooks {

struct DeliveryPoolSettings {
    int concurrency = 16;
    // How long a claim holds: past the attempt's hard deadline, so a live worker never loses
    // its lease, yet short enough that a crashed one's delivery is retried soon.
    std::chrono::milliseconds lease{20'000};
    // The longest sleep between looks at the outbox: events written by another process
    // (lodestonectl webhook redeliver) arrive with no wake-up.
    std::chrono::milliseconds pollInterval{1'000};
};

// The delivery loop: a dispatcher claims due deliveries, as many as there are idle workers, and
// workers make one attempt each and record its outcome and the next due time. It sleeps until
// woken (an event was written), until the next attempt is due, or at most pollInterval. Claims
// of a process that died (kill -9) are recovered at once when it ran on this host, otherwise
// when their lease expires; their attempt counts as failed, since it may or may not have
// reached the receiver.
class DeliveryPool {
  public:
    DeliveryPool(DeliveryPoolSettings settings, RetrySchedule schedule, storage::Store& store,
                 std::string processOwner, DeliveryAttempt attempt);
    ~DeliveryPool();
    DeliveryPool(const DeliveryPool&) = delete;
    DeliveryPool& operator=(const DeliveryPool&) = delete;

    void start();
    void wake();
    // Stops claiming, lets attempts in flight finish until `grace` has passed, then gives up on
    // the rest (recorded as failed attempts). Returns how many plugin calls are still running
    // on threads of their own.
    int stop(std::chrono::milliseconds grace);

  private:
    struct Claimed {
        domain::WebhookDelivery delivery;
        std::string owner;
    };

    void dispatchLoop();
    std::vector<Claimed> claim(int room, std::optional<domain::Timestamp>& nextDue);
    void recoverLostClaims();
    void workerLoop();
    std::unique_ptr<jobs::CallRunner> newRunner();
    void deliver(const Claimed& claimed, jobs::CallRunner& runner);
    void record(const Claimed& claimed, const AttemptResult& result);
    void release(const Claimed& claimed);

    DeliveryPoolSettings settings_;
    RetrySchedule schedule_;
    storage::Store& store_;
    std::string processOwner_;
    DeliveryAttempt attempt_;
    std::shared_ptr<std::atomic<int>> abandonedCalls_ = std::make_shared<std::atomic<int>>(0);
    std::uint64_t claims_ = 0;
    std::chrono::steady_clock::time_point nextRecovery_{};

    std::mutex mutex_;
    std::condition_variable workAvailable_;
    std::condition_variable dispatcherWake_;
    std::deque<Claimed> ready_;
    std::set<jobs::CallRunner*> running_;
    int idle_ = 0;
    bool woken_ = true;
    bool stopping_ = false;
    std::thread dispatcher_;
    std::vector<std::thread> workers_;
};

}  // namespace lodestone::webhooks
