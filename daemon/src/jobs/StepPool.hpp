#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "jobs/CallRunner.hpp"
#include "jobs/JobSubject.hpp"
#include "jobs/LeaseKeeper.hpp"
#include "jobs/ProjectCache.hpp"
#include "jobs/RetryPolicy.hpp"
#include "jobs/StepExecutor.hpp"
#include "storage/Store.hpp"

namespace lodestone::jobs {

struct StepPoolSettings {
    domain::StepName step = domain::StepName::Research;
    int concurrency = 1;
    std::chrono::milliseconds timeout{60'000};
    std::chrono::milliseconds lease{75'000};  // timeout plus jobs.lease_grace
    std::chrono::milliseconds pollInterval{1'000};
};

// The workers of one pipeline step. A dispatcher thread claims as many due jobs as there are idle
// workers, in one transaction, and hands them over; it sleeps until told that work arrived
// (wake()), until the next back-off is due, or at most pollInterval. Each worker runs the step
// through a CallRunner so that a plugin overrunning its timeout fails the attempt without
// holding the worker.
class StepPool {
  public:
    using Callback = std::function<void()>;

    // `processOwner`: this process's lease-owner id; each claim extends it to one of its own.
    StepPool(StepPoolSettings settings, storage::Store& store, std::string processOwner,
             LeaseKeeper& leases, const RetryPolicy& retries, ProjectCache& projects,
             std::shared_ptr<StepExecutor> executor, Callback onStepDone);
    ~StepPool();

    void start();
    void wake();

    // Graceful stop, in two halves: stopClaiming() hands back jobs claimed but not started and
    // lets running steps go on; abandonRunning() makes the steps still running give up, handing
    // their jobs back uncounted. join() waits for every thread.
    void stopClaiming();
    bool waitUntilIdle(std::chrono::steady_clock::time_point deadline);
    void abandonRunning();
    // Calls abandoned (past their timeout, or at shutdown) that have not returned yet.
    int abandonedCallsRunning() const { return abandonedCalls_->load(); }
    void join();

  private:
    // A job claimed for this step, with what it works on (read in the claiming transaction)
    // and the lease owner of this claim.
    struct Claimed {
        domain::Job job;
        JobSubject subject;
        std::string owner;
    };

    void dispatchLoop();
    int roomForClaims(std::unique_lock<std::mutex>& lock);
    std::vector<Claimed> claim(int room, std::optional<domain::Timestamp>& nextDue);
    void workerLoop();
    std::unique_ptr<CallRunner> newRunner();
    void runStep(const Claimed& claimed, CallRunner& runner);
    // The step's inputs; nothing (the attempt failed) when what the job works on is gone.
    std::optional<StepInputs> inputsOf(const Claimed& claimed);
    void succeed(const Claimed& claimed, const StepResult& result);
    // `retryable` false: no retry can help, so none is made (see FailedAttempt).
    void fail(const Claimed& claimed, const std::string& error, bool retryable = true);
    void release(const Claimed& claimed);
    // Runs a write about a claim's outcome until it goes through: a database that is briefly
    // unavailable must not lose a finished step. Gives up when the lease is lost, or after the
    // lease's length (the reaper then takes over).
    bool writeOutcome(const Claimed& claimed, const char* what, const std::function<void()>& write);

    StepPoolSettings settings_;
    storage::Store& store_;
    std::string processOwner_;
    LeaseKeeper& leases_;
    const RetryPolicy& retries_;
    ProjectCache& projects_;
    std::shared_ptr<StepExecutor> executor_;
    Callback onStepDone_;
    // Calls given up on (timed out) that still run on their own threads. Claims pause while there
    // are as many as workers: a plugin that hangs every call must not cost a thread per job.
    std::shared_ptr<std::atomic<int>> abandonedCalls_ = std::make_shared<std::atomic<int>>(0);
    std::uint64_t claims_ = 0;

    std::mutex mutex_;
    std::condition_variable workAvailable_;   // dispatcher -> workers
    std::condition_variable dispatcherWake_;  // wake(), a worker came free, stop
    std::deque<Claimed> ready_;
    std::set<CallRunner*> running_;
    int idle_ = 0;
    bool woken_ = true;
    bool stopping_ = false;
    std::atomic<bool> abandoning_ = false;
    bool warnedAboutHungCalls_ = false;
    std::thread dispatcher_;
    std::vector<std::thread> workers_;
};

}  // namespace lodestone::jobs
