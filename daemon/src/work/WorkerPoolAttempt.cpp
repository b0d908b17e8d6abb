// The workers' side of a pool: each takes a claim, makes its call on its own thread and hands the
// outcome to the dispatcher; and the dispatcher's watch over the calls' deadlines.
#include <pthread.h>

#include <algorithm>

#include "work/WorkerPool.hpp"

namespace lodestone::work {

void WorkerPool::workerLoop(const std::shared_ptr<Worker>& me) {
    // Named so that an operator (top -H, /proc/<pid>/task) can tell the pools' threads apart
    // from those left behind with a call.
    pthread_setname_np(pthread_self(), kWorkerThreadName);
    std::unique_lock lock(mutex_);
    while (true) {
        ++idle_;
        // A free worker matters to the dispatcher only when there is work to claim for it (or a
        // stop to finish); its outcome, below, always wakes it.
        if (woken_ || stopping_) dispatcherWake_.notify_all();
        workAvailable_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
        --idle_;
        // Once stopping, nothing new starts: the dispatcher hands unstarted claims back.
        if (stopping_) break;
        me->claim = std::move(ready_.front());
        ready_.pop_front();
        // The call's deadline counts from here, as its RunControl's does.
        me->overrunsAt = clock_.now() + (settings_.timeout + settings_.callGrace).count();
        if (me->overrunsAt < sleepsUntil_) {
            deadlineSooner_ = true;
            dispatcherWake_.notify_all();
        }
        running_.insert(me.get());
        lock.unlock();
        std::optional<Outcome> outcome = attempt(*me);
        // Taken over: the attempt is concluded, and this thread, left behind, is no longer the
        // pool's (which may be gone by now).
        if (!outcome) return;
        leases_.finishing(kind_.table(), me->claim->itemId, me->claim->owner);
        lock.lock();
        // The outcome goes to the dispatcher before anything else can hold it up.
        running_.erase(me.get());
        finished_.push_back({std::move(me->claim), std::move(*outcome)});
        dispatcherWake_.notify_all();
    }
    --liveWorkers_;
    dispatcherWake_.notify_all();
}

std::optional<Outcome> WorkerPool::attempt(Worker& me) {
    Claim& claim = *me.claim;
    auto control = std::make_shared<plugins::RunControl>(
        plugins::RunControl::deadlineIn(settings_.timeout),
        [report = leases_.progressReporter(kind_.table(), claim.itemId, claim.owner)](
            int percent, const std::string&) { report(percent); });
    std::function<std::string()> call;
    try {
        Prepared prepared = kind_.prepare(claim, control);
        if (!prepared.call) return prepared.decided;
        call = std::move(prepared.call);
    } catch (const std::exception& e) {
        // A kind's own failure (not its call's) fails the attempt rather than the worker.
        return Outcome::failed(std::string("cannot make the attempt: ") + e.what());
    } catch (...) {
        return Outcome::failed(
            "cannot make the attempt: an exception that is not a "
            "std::exception");
    }
    me.control = control;
    // A stop came first: nothing was attempted, so nothing counts.
    if (!me.watch.starting()) return Outcome::handedBack();
    if (clock_.now() >= me.overrunsAt) {
        // Prepared past the deadline: the dispatcher, which skips deadlines already past, is
        // told that this call is there to take over.
        std::lock_guard lock(mutex_);
        deadlineSooner_ = true;
        dispatcherWake_.notify_all();
    }
    CallEnd end;
    try {
        end.output = call();
    } catch (...) {
        end.error = std::current_exception();
    }
    if (!me.watch.returned()) {
        // Taken over: not a member of the pool may be touched from here on. What the call holds
        // (a plugin instance among it) goes before it counts as returned, so whoever waits for
        // left-behind calls to return may then unload what they used.
        call = nullptr;
        control.reset();
        me.watch.leftBehindCallReturned();
        return std::nullopt;
    }
    me.control.reset();
    return concluded(claim, end, *control);
}

Outcome WorkerPool::concluded(Claim& claim, const CallEnd& end,
                              const plugins::RunControl& control) {
    try {
        return kind_.conclude(claim, end, control);
    } catch (const std::exception& e) {
        return Outcome::failed(std::string("cannot conclude the attempt: ") + e.what());
    } catch (...) {
        return Outcome::failed(
            "cannot conclude the attempt: an exception that is not a "
            "std::exception");
    }
}

void WorkerPool::leaveBehind(Worker& worker, CallEnding how) {
    auto claim = std::move(worker.claim);
    auto control = worker.control;
    control->cancel();  // nobody waits for the call any more
    CallEnd end;
    end.how = how;
    Outcome outcome = concluded(*claim, end, *control);
    leases_.finishing(kind_.table(), claim->itemId, claim->owner);
    finished_.push_back({std::move(claim), std::move(outcome)});
    running_.erase(&worker);
    --liveWorkers_;
    // Its call may have returned meanwhile and the thread ended; renaming it then fails, which
    // does not matter.
    pthread_setname_np(worker.thread.native_handle(), kLeftBehindThreadName);
    worker.thread.detach();
    std::erase_if(workers_, [&](const auto& one) { return one.get() == &worker; });
    dispatcherWake_.notify_all();
}

void WorkerPool::takeOverOverrunCalls(Timestamp now) {
    std::vector<Worker*> overran;
    for (auto* worker : running_) {
        if (worker->overrunsAt <= now && worker->watch.takeOver()) overran.push_back(worker);
    }
    for (auto* worker : overran) leaveBehind(*worker, CallEnding::Overran);
}

Timestamp WorkerPool::nextOverrun(Timestamp now) const {
    // A worker past its deadline that is not in its call is preparing (it says when its call
    // starts) or concluding; one in its call is taken over at the next turn.
    auto next = kNever;
    for (const auto* worker : running_) {
        if (worker->overrunsAt > now || worker->watch.inCall()) {
            next = std::min(next, worker->overrunsAt);
        }
    }
    return next;
}

}  // namespace lodestone::work
