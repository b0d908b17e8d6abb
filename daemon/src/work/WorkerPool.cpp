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
                       std::string processOwner, LeaseKeeper& leases,
                       std::function<void(const std::string&)> wakeQueue)
    : kind_(kind),
      settings_(settings),
      store_(store),
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
    stopClaiming(Clock::now());
    abandonRunning();
    join();
}

void WorkerPool::start() {
    liveWorkers_ = settings_.concurrency;
    for (int i = 0; i < settings_.concurrency; ++i) workers_.emplace_back([this] { workerLoop(); });
    dispatcher_ = std::thread([this] { dispatchLoop(); });
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
    auto nextLook = Clock::now();
    std::unique_lock lock(mutex_);
    // Workers free for a new claim. A wake-up waits for one: after a full batch every worker
    // may be busy, and the work still queued must be claimed as soon as one comes free, not at
    // the next poll.
    auto free = [&] { return idle_ - static_cast<int>(ready_.size()) - abandonedCalls_->load(); };
    auto due = [&] {
        if (!finished_.empty()) return true;
        if (stopping_) return liveWorkers_ == 0 || !ready_.empty();
        return woken_ && free() > 0;
    };
    while (true) {
        auto until = nextLook;
        for (const auto& retry : retrying_) until = std::min(until, retry.retryAt);
        dispatcherWake_.wait_until(lock, until, due);
        lastTurn_ = Clock::now().time_since_epoch().count();
        if (stopping_) {
            // Claimed but never started: handed back for the next start (or another process).
            for (auto& claim : ready_)
                finished_.push_back({std::move(claim), Outcome::handedBack()});
            ready_.clear();
            if (finished_.empty() && retrying_.empty() && liveWorkers_ == 0) break;
        }
        const int room = stopping_ ? 0 : roomForClaims();
        auto now = Clock::now();
        std::vector<Finished> finished = dueRetries(now);
        if (finished.empty() && finished_.empty() && room <= 0) {
            // Every worker is busy, or hung calls hold their places; a hung call that returns
            // does not notify, so look again after the poll interval at the latest. The wake-up
            // is kept for the first worker that comes free.
            nextLook = now + settings_.pollInterval;
            continue;
        }
        for (auto& one : finished_) finished.push_back(std::move(one));
        finished_.clear();
        if (room > 0) woken_ = false;
        lock.unlock();
        std::optional<Timestamp> nextDue;
        Claims claimed = commit(finished, room, nextDue);
        lock.lock();
        // One worker per claim: waking every idle worker for each batch would send most of
        // them back to sleep at once, a thread switch each for nothing.
        for (auto& claim : claimed) {
            ready_.push_back(std::move(claim));
            workAvailable_.notify_one();
        }
        now = Clock::now();
        nextLook = now + settings_.pollInterval;
        if (room > 0 && static_cast<int>(claimed.size()) == room) {
            nextLook = now;  // there may be more; look again as soon as a worker is free
            woken_ = true;
        } else if (nextDue) {
            auto wait =
                std::chrono::milliseconds(std::max<Timestamp>(0, *nextDue - domain::nowMillis()));
            nextLook = std::min(nextLook, now + wait);
        }
    }
}

std::unique_ptr<CallRunner> WorkerPool::newRunner() {
    // Out of threads (too many hung calls in this process): wait and try again rather than let
    // the failure take the daemon down.
    while (true) {
        try {
            return std::make_unique<CallRunner>(abandonedCalls_);
        } catch (const std::system_error& e) {
            log().error("cannot start a thread for %s calls: %s", kind_.name(),
                        std::string(e.what()));
        }
        std::unique_lock lock(mutex_);
        if (stopping_) return nullptr;
        dispatcherWake_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; });
    }
}

void WorkerPool::workerLoop() {
    auto runner = newRunner();
    std::unique_lock lock(mutex_);
    while (runner) {
        ++idle_;
        // A free worker matters to the dispatcher only when there is work to claim for it (or a
        // stop to finish); its outcome, below, always wakes it.
        if (woken_ || stopping_) dispatcherWake_.notify_all();
        workAvailable_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
        --idle_;
        // Once stopping, nothing new starts: the dispatcher hands unstarted claims back.
        if (stopping_) break;
        std::unique_ptr<Claim> claim = std::move(ready_.front());
        ready_.pop_front();
        running_.insert(runner.get());
        lock.unlock();
        Outcome outcome = attempt(*claim, *runner);
        leases_.finishing(kind_.table(), claim->itemId, claim->owner);
        lock.lock();
        // The outcome goes to the dispatcher before anything else can hold it up.
        running_.erase(runner.get());
        finished_.push_back({std::move(claim), std::move(outcome)});
        dispatcherWake_.notify_all();
        if (runner->abandoned()) {
            // Its call still runs; a fresh runner (a thread) takes its place, which may take a
            // while when the process is out of threads.
            lock.unlock();
            runner = newRunner();
            lock.lock();
        }
    }
    --liveWorkers_;
    dispatcherWake_.notify_all();
}

Outcome WorkerPool::attempt(Claim& claim, CallRunner& runner) {
    auto control = std::make_shared<plugins::RunControl>(
        plugins::RunControl::deadlineIn(settings_.timeout),
        [report = leases_.progressReporter(kind_.table(), claim.itemId, claim.owner)](
            int percent, const std::string&) { report(percent); });
    try {
        Prepared prepared = kind_.prepare(claim, control);
        if (!prepared.call) return prepared.decided;
        // A stop came first: nothing was attempted, so nothing counts.
        if (abandoning_) return Outcome::handedBack();
        CallEnd end;
        end.how = runner.run(std::move(prepared.call),
                             Clock::now() + settings_.timeout + settings_.callGrace);
        switch (end.how) {
            case CallRunner::Ending::Finished:
                end.output = runner.output();
                end.error = runner.error();
                break;
            case CallRunner::Ending::Interrupted:
                if (!runner.abandoned()) return Outcome::handedBack();  // it never started
                [[fallthrough]];
            case CallRunner::Ending::Overran:
                control->cancel();  // nobody waits for the call any more
                break;
        }
        return kind_.conclude(claim, end, *control);
    } catch (const std::exception& e) {
        // A kind's own failure (not its call's) fails the attempt rather than the worker.
        return Outcome::failed(std::string("cannot make the attempt: ") + e.what());
    } catch (...) {
        return Outcome::failed(
            "cannot make the attempt: an exception that is not a "
            "std::exception");
    }
}

void WorkerPool::stopClaiming(std::chrono::steady_clock::time_point finishBy) {
    finishBy_ = finishBy.time_since_epoch().count();
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dispatcherWake_.notify_all();
    workAvailable_.notify_all();
}

bool WorkerPool::waitUntilIdle(std::chrono::steady_clock::time_point deadline) {
    std::unique_lock lock(mutex_);
    return dispatcherWake_.wait_until(lock, deadline, [&] { return running_.empty(); });
}

void WorkerPool::abandonRunning() {
    std::lock_guard lock(mutex_);
    abandoning_ = true;  // an attempt about to start its call does not start it
    for (auto* runner : running_) runner->interrupt();
}

void WorkerPool::join() {
    for (auto& worker : workers_) {
        if (worker.joinable()) worker.join();
    }
    workers_.clear();
    // Last: it records the outcomes the workers left.
    if (dispatcher_.joinable()) dispatcher_.join();
}

}  // namespace lodestone::work
