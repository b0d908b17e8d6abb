#pragma once

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

    StepPool(StepPoolSettings settings, storage::Store& store, std::string owner,
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
    void join();

  private:
    // A job claimed for this step, with its lead, read in the claiming transaction.
    struct Claimed {
        domain::Job job;
        std::optional<domain::Lead> lead;
    };

    void dispatchLoop();
    void workerLoop();
    void runStep(const Claimed& claimed, CallRunner& runner);
    void fail(const domain::Job& job, const std::string& error);
    void release(const domain::Job& job);

    StepPoolSettings settings_;
    storage::Store& store_;
    std::string owner_;
    LeaseKeeper& leases_;
    const RetryPolicy& retries_;
    ProjectCache& projects_;
    std::shared_ptr<StepExecutor> executor_;
    Callback onStepDone_;

    std::mutex mutex_;
    std::condition_variable workAvailable_;   // dispatcher -> workers
    std::condition_variable dispatcherWake_;  // wake(), a worker came free, stop
    std::deque<Claimed> ready_;
    std::set<CallRunner*> running_;
    int idle_ = 0;
    bool woken_ = true;
    bool stopping_ = false;
    std::thread dispatcher_;
    std::vector<std::thread> workers_;
};

}  // namespace lodestone::jobs
