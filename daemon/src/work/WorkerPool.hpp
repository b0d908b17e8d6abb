#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "domain/Clock.hpp"
#include "storage/Store.hpp"
#include "work/CallWatch.hpp"
#include "work/LeaseKeeper.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::work {

struct PoolSettings {
    int concurrency = 1;
    // The call's deadline (its RunControl's), and how much longer the watchdog waits before
    // leaving the call behind: room for a plugin that stops at its deadline to say why.
    std::chrono::milliseconds timeout{60'000};
    std::chrono::milliseconds callGrace{0};
    // How long a claim holds between renewals; more than timeout + callGrace, so that the
    // rescuer never takes back an attempt still within its time.
    std::chrono::milliseconds lease{75'000};
    // The longest the pool goes without looking for work it was not told about (queued by
    // another process, or due after a back-off).
    std::chrono::milliseconds pollInterval{1'000};
    // On a stop, how long running attempts may finish, when longer than the engine's shutdown
    // grace: a kind whose interrupted attempt may have done its work (an email the server may
    // have accepted) lets every attempt run its course rather than repeat it.
    std::optional<std::chrono::milliseconds> stopGrace;
};

// The workers of one kind of work. A dispatcher thread owns the pool's transactions: each one
// records the outcomes of the attempts that ended since the last (group commit) and claims as
// many due items as there are idle workers, then hands them over. It sleeps until an attempt
// ends, until told that work arrived (wake()), until the next item (or a retried write) is due,
// or at most pollInterval. Each worker makes an attempt's call on its own thread; the dispatcher
// also watches the calls' deadlines, and takes an attempt whose call overran over from its
// worker: it fails the attempt and leaves that thread behind with the call, a fresh worker taking
// its place. (A thread of the call's own, waited on by the worker, would cost two thread switches
// per attempt.)
class WorkerPool {
  public:
    // `processOwner`: this process's lease-owner id; each claim extends it to one of its own.
    // `wakeQueue` wakes another pool (by its kind's name): the queue an item moved on to.
    WorkerPool(WorkKind& kind, PoolSettings settings, storage::Store& store,
               const domain::Clock& clock, std::string processOwner, LeaseKeeper& leases,
               std::function<void(const std::string& queue)> wakeQueue);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    WorkKind& kind() { return kind_; }
    const PoolSettings& settings() const { return settings_; }

    void start();
    void wake();

    // Graceful stop, in two halves: stopClaiming() hands back items claimed but not started and
    // lets running attempts go on; abandonRunning() interrupts those still running (their kind
    // decides what an interruption means). join() waits for every thread, after the dispatcher
    // has recorded every outcome.
    // `finishBy`: when the stop's grace ends. An outcome the database does not take is tried
    // again until then at the latest (not for its lease's length, which may be minutes): after
    // it the lease runs out and the next start takes the item back.
    void stopClaiming(Timestamp finishBy);
    bool waitUntilIdle(Timestamp deadline);
    void abandonRunning();
    // Calls abandoned (past their deadline, or at shutdown) that have not returned yet.
    int abandonedCallsRunning() const { return abandonedCalls_->load(); }
    // When the dispatcher last went round its loop: an idle one goes round every pollInterval,
    // so one that has not for much longer is stuck (in storage, most likely).
    Timestamp lastTurn() const { return lastTurn_.load(); }
    void join();

  private:
    static constexpr Timestamp kNever = std::numeric_limits<Timestamp>::max();
    struct Finished {
        std::unique_ptr<Claim> claim;
        Outcome outcome;
        // Once a write of it failed in a way a later try may pass: when to try again, how long
        // to wait after that, and when to give up (the lease's length after the first failure).
        Timestamp retryAt{};
        std::chrono::milliseconds pause{0};
        Timestamp giveUpAt{};
    };

    void dispatchLoop();
    int roomForClaims();
    // One transaction: the outcomes of `finished`, then up to `room` new claims. When it fails,
    // each outcome is written alone (those that may pass later are kept for a retry) and the
    // claim is made on its own.
    Claims commit(std::vector<Finished>& finished, int room, std::optional<Timestamp>& nextDue);
    Claims claim(storage::Repositories& repositories, int room, Timestamp now,
                 std::optional<Timestamp>& nextDue);
    void recordAlone(Finished& finished);
    void afterRecording(const Finished& finished, const Recorded& recorded);
    // The retried writes due by `now`, taken out of retrying_ to join the next transaction.
    std::vector<Finished> dueRetries(Timestamp now);

    // One worker: a thread that takes claims and makes their calls itself. Shared with that
    // thread, which outlives its place in the pool when its call is left behind.
    struct Worker {
        explicit Worker(std::shared_ptr<std::atomic<int>> leftBehindCalls)
            : watch(std::move(leftBehindCalls)) {}
        CallWatch watch;
        std::thread thread;
        // The attempt in hand; the dispatcher's once it took the attempt over.
        std::unique_ptr<Claim> claim;
        std::shared_ptr<plugins::RunControl> control;
        Timestamp overrunsAt = kNever;
    };
    static constexpr const char* kWorkerThreadName = "lodestone-work";
    // What `top -H` shows for a thread left behind with a call that overran (or that a stop
    // interrupted).
    static constexpr const char* kLeftBehindThreadName = "lodestone-hung";

    void startWorker();
    // Brings the workers back to the concurrency after some were left behind; false when the
    // process is out of threads (tried again at the next turn).
    bool topUpWorkers();
    void workerLoop(const std::shared_ptr<Worker>& me);
    // None when the dispatcher (or a stop) took the attempt over while its call ran.
    std::optional<Outcome> attempt(Worker& me);
    Outcome concluded(Claim& claim, const CallEnd& end, const plugins::RunControl& control);
    // With mutex_ held: fails the attempt of a worker whose call was taken over and leaves its
    // thread behind.
    void leaveBehind(Worker& worker, CallEnding how);
    void takeOverOverrunCalls(Timestamp now);
    Timestamp nextOverrun(Timestamp now) const;

    WorkKind& kind_;
    PoolSettings settings_;
    storage::Store& store_;
    const domain::Clock& clock_;
    std::string processOwner_;
    LeaseKeeper& leases_;
    std::function<void(const std::string&)> wakeQueue_;
    // Calls left behind that still run on their threads. Claims pause while there are as many as
    // workers: a plugin that hangs every call must not cost a thread per item.
    std::shared_ptr<std::atomic<int>> abandonedCalls_ = std::make_shared<std::atomic<int>>(0);
    std::atomic<Timestamp> lastTurn_{clock_.now()};
    std::atomic<Timestamp> finishBy_{kNever};
    std::uint64_t claims_ = 0;        // the dispatcher's
    std::vector<Finished> retrying_;  // the dispatcher's: outcomes whose write is tried again

    std::mutex mutex_;
    std::condition_variable workAvailable_;   // dispatcher -> workers
    std::condition_variable dispatcherWake_;  // wake(), an attempt ended, a worker came free, stop
    std::deque<std::unique_ptr<Claim>> ready_;
    std::vector<Finished> finished_;
    std::vector<std::shared_ptr<Worker>> workers_;  // those still the pool's, to join
    std::set<Worker*> running_;                     // making an attempt
    // When the dispatcher wakes next (the smallest time while it is awake): a worker whose call
    // overruns sooner wakes it.
    Timestamp sleepsUntil_ = std::numeric_limits<Timestamp>::min();
    bool deadlineSooner_ = false;
    int idle_ = 0;
    int liveWorkers_ = 0;
    bool woken_ = true;
    bool stopping_ = false;
    bool warnedAboutHungCalls_ = false;
    std::thread dispatcher_;
};

}  // namespace lodestone::work
