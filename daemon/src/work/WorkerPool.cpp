#include "work/WorkerPool.hpp"

#include <Poco/Logger.h>

#include <stdexcept>
#include <system_error>

namespace lodestone::work {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.work");
}

}  // namespace

WorkerPool::WorkerPool(WorkKind& kind, PoolSettings settings, storage::Store& store,
                       const domain::Clock& clock, std::string processOwner, LeaseKeeper& leases,
                       std::function<void(const std::string&)> wakeQueue)
    : kind_(kind),
      settings_(settings),
      store_(store),
      clock_(clock),
      processOwner_(std::move(processOwner)),
      leases_(leases),
      wakeQueue_(std::move(wakeQueue)) {
    if (settings_.lease <= settings_.timeout + settings_.callGrace) {
        // The rescuer would take back attempts still within their time.
        throw std::invalid_argument(
            "the lease of " + kind_.name() + " work (" + std::to_string(settings_.lease.count()) +
            " ms) must outlast its calls (" +
            std::to_string((settings_.timeout + settings_.callGrace).count()) + " ms)");
    }
}

WorkerPool::~WorkerPool() {
    stopClaiming(clock_.now());
    abandonRunning();
    join();
}

void WorkerPool::start() {
    {
        std::lock_guard lock(mutex_);
        for (int i = 0; i < settings_.concurrency; ++i) startWorker();
    }
    dispatcher_ = std::thread([this] { dispatchLoop(); });
}

void WorkerPool::startWorker() {
    auto worker = std::make_shared<Worker>(abandonedCalls_);
    worker->thread = std::thread([this, worker] { workerLoop(worker); });
    workers_.push_back(std::move(worker));
    ++liveWorkers_;
}

bool WorkerPool::topUpWorkers() {
    // Out of threads (too many hung calls in this process): try again later rather than let the
    // failure take the daemon down.
    while (liveWorkers_ < settings_.concurrency) {
        try {
            startWorker();
        } catch (const std::system_error& e) {
            log().error("cannot start a thread for %s work: %s", kind_.name(),
                        std::string(e.what()));
            return false;
        }
    }
    return true;
}

void WorkerPool::wake() {
    std::lock_guard lock(mutex_);
    woken_ = true;
    // All: workers waiting for a thread and a stop waiting for idleness share the variable.
    dispatcherWake_.notify_all();
}

int WorkerPool::roomForClaims() {
    // Each call still running after its worker gave up on it takes that worker's place until it
    // returns: hung calls, running calls and claimed items never add up to more than the
    // concurrency, and so neither do the threads they cost.
    const int hung = abandonedCalls_->load();
    if (hung >= settings_.concurrency) {
        if (!warnedAboutHungCalls_) {
            log().error(
                "%s: %d calls that overran their deadline are still running; claiming pauses "
                "until some return (is the plugin hanging?)",
                kind_.name(), hung);
            warnedAboutHungCalls_ = true;
        }
        return 0;
    }
    warnedAboutHungCalls_ = false;
    return idle_ - static_cast<int>(ready_.size()) - hung;
}

void WorkerPool::dispatchLoop() {
    auto nextLook = clock_.now();
    std::unique_lock lock(mutex_);
    // Workers free for a new claim. A wake-up waits for one: after a full batch every worker
    // may be busy, and the work still queued must be claimed as soon as one comes free, not at
    // the next poll.
    auto free = [&] { return idle_ - static_cast<int>(ready_.size()) - abandonedCalls_->load(); };
    auto due = [&] {
        if (!finished_.empty() || deadlineSooner_) return true;
        if (stopping_) return liveWorkers_ == 0 || !ready_.empty();
        return woken_ && free() > 0;
    };
    while (true) {
        auto until = nextLook;
        for (const auto& retry : retrying_) until = std::min(until, retry.retryAt);
        until = std::min(until, nextOverrun(clock_.now()));
        sleepsUntil_ = until;
        clock_.waitUntil(lock, dispatcherWake_, until, due);
        // Awake: the deadlines of calls starting meanwhile are read before the next sleep.
        sleepsUntil_ = std::numeric_limits<Timestamp>::min();
        deadlineSooner_ = false;
        lastTurn_ = clock_.now();
        takeOverOverrunCalls(clock_.now());
        if (!stopping_ && !topUpWorkers()) {
            nextLook = std::min<Timestamp>(nextLook, clock_.now() + 1'000);
        }
        if (stopping_) {
            // Claimed but never started: handed back for the next start (or another process).
            for (auto& claim : ready_)
                finished_.push_back({std::move(claim), Outcome::handedBack()});
            ready_.clear();
            if (finished_.empty() && retrying_.empty() && liveWorkers_ == 0) break;
        }
        const int room = stopping_ ? 0 : roomForClaims();
        auto now = clock_.now();
        std::vector<Finished> finished = dueRetries(now);
        if (finished.empty() && finished_.empty() && room <= 0) {
            // Every worker is busy, or hung calls hold their places; a hung call that returns
            // does not notify, so look again after the poll interval at the latest. The wake-up
            // is kept for the first worker that comes free.
            nextLook = now + settings_.pollInterval.count();
            continue;
        }
        for (auto& one : finished_) finished.push_back(std::move(one));
        finished_.clear();
        if (room > 0) woken_ = false;
        lock.unlock();
        std::optional<Timestamp> nextDue;
        Claims claimed = commit(finished, room, nextDue);
        lock.lock();
        for (auto& claim : claimed) ready_.push_back(std::move(claim));
        // One worker per claim: waking every idle worker for each batch would send most of
        // them back to sleep at once, a thread switch each for nothing. Woken with the lock
        // released, so that a worker does not wake only to wait for it.
        if (!claimed.empty()) {
            lock.unlock();
            for (std::size_t i = 0; i < claimed.size(); ++i) workAvailable_.notify_one();
            lock.lock();
        }
        now = clock_.now();
        nextLook = now + settings_.pollInterval.count();
        if (room > 0 && static_cast<int>(claimed.size()) == room) {
            nextLook = now;  // there may be more; look again as soon as a worker is free
            woken_ = true;
        } else if (nextDue) {
            nextLook = std::min(nextLook, now + std::max<Timestamp>(0, *nextDue - now));
        }
    }
}

void WorkerPool::stopClaiming(Timestamp finishBy) {
    finishBy_ = finishBy;
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dispatcherWake_.notify_all();
    workAvailable_.notify_all();
}

bool WorkerPool::waitUntilIdle(Timestamp deadline) {
    std::unique_lock lock(mutex_);
    return clock_.waitUntil(lock, dispatcherWake_, deadline, [&] { return running_.empty(); });
}

void WorkerPool::abandonRunning() {
    std::lock_guard lock(mutex_);
    const std::set<Worker*> running = running_;
    for (auto* worker : running) {
        // A worker still preparing its attempt (or done with its call) starts no call after this.
        if (worker->watch.takeOver()) {
            leaveBehind(*worker, CallEnding::Interrupted);
        } else {
            worker->watch.stop();
        }
    }
}

void WorkerPool::join() {
    // First: it ends once every worker has, after recording the outcomes they left, and it is
    // the one that leaves threads behind (no longer the pool's to join).
    if (dispatcher_.joinable()) dispatcher_.join();
    std::vector<std::shared_ptr<Worker>> workers;
    {
        std::lock_guard lock(mutex_);
        workers.swap(workers_);
    }
    for (auto& worker : workers) {
        if (worker->thread.joinable()) worker->thread.join();
    }
}

}  // namespace lodestone::work
