#include "jobs/StepPool.hpp"

#include <Poco/Logger.h>

#include "jobs/Outcomes.hpp"
#include "plugins/PluginError.hpp"

namespace lodestone::jobs {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.jobs");
}

std::string seconds(std::chrono::milliseconds duration) {
    auto count = duration.count();
    return count % 1000 == 0 ? std::to_string(count / 1000) + " s" : std::to_string(count) + " ms";
}

}  // namespace

StepPool::StepPool(StepPoolSettings settings, storage::Store& store, std::string owner,
                   LeaseKeeper& leases, const RetryPolicy& retries, ProjectCache& projects,
                   std::shared_ptr<StepExecutor> executor, Callback onStepDone)
    : settings_(settings),
      store_(store),
      owner_(std::move(owner)),
      leases_(leases),
      retries_(retries),
      projects_(projects),
      executor_(std::move(executor)),
      onStepDone_(std::move(onStepDone)) {}

StepPool::~StepPool() {
    stopClaiming();
    abandonRunning();
    join();
}

void StepPool::start() {
    for (int i = 0; i < settings_.concurrency; ++i) workers_.emplace_back([this] { workerLoop(); });
    dispatcher_ = std::thread([this] { dispatchLoop(); });
}

void StepPool::wake() {
    std::lock_guard lock(mutex_);
    woken_ = true;
    dispatcherWake_.notify_one();
}

void StepPool::dispatchLoop() {
    auto nextLook = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        dispatcherWake_.wait_until(lock, nextLook, [&] {
            return stopping_ || (woken_ && idle_ > static_cast<int>(ready_.size()));
        });
        if (stopping_) break;
        const int room = idle_ - static_cast<int>(ready_.size());
        if (room <= 0) {
            nextLook = std::chrono::steady_clock::now() + settings_.pollInterval;
            continue;
        }
        woken_ = false;
        lock.unlock();
        std::vector<Claimed> claimed;
        std::optional<domain::Timestamp> nextDue;
        try {
            const auto now = domain::nowMillis();
            claimed = store_.write([&](storage::Repositories& repositories) {
                std::vector<Claimed> out;
                for (auto& job : repositories.jobs().claim(settings_.step, owner_, room, now,
                                                           now + settings_.lease.count())) {
                    auto lead = repositories.leads().find(job.leadId);
                    out.push_back({std::move(job), std::move(lead)});
                }
                return out;
            });
            if (static_cast<int>(claimed.size()) < room) {
                nextDue = store_.read([&](storage::Repositories& repositories) {
                    return repositories.jobs().nextDue(settings_.step);
                });
            }
        } catch (const std::exception& e) {
            log().error("claiming %s jobs failed: %s",
                        std::string(domain::toString(settings_.step)), std::string(e.what()));
        }
        for (const auto& one : claimed) leases_.track(one.job.id, settings_.step, settings_.lease);
        lock.lock();
        for (auto& one : claimed) ready_.push_back(std::move(one));
        workAvailable_.notify_all();
        auto now = std::chrono::steady_clock::now();
        if (static_cast<int>(claimed.size()) == room) {
            nextLook = now;  // there may be more; look again as soon as a worker is free
            woken_ = true;
        } else {
            nextLook = now + settings_.pollInterval;
            if (nextDue) {
                auto wait = std::chrono::milliseconds(
                    std::max<domain::Timestamp>(0, *nextDue - domain::nowMillis()));
                nextLook = std::min(nextLook, now + wait);
            }
        }
    }
    // Claimed but never started: handed back for the next start (or another process).
    std::deque<Claimed> unstarted;
    unstarted.swap(ready_);
    lock.unlock();
    for (const auto& one : unstarted) release(one.job);
}

void StepPool::workerLoop() {
    auto runner = std::make_unique<CallRunner>();
    std::unique_lock lock(mutex_);
    while (true) {
        ++idle_;
        dispatcherWake_.notify_all();  // the dispatcher and anyone waiting for idleness
        workAvailable_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
        --idle_;
        // Once stopping, nothing new starts: the dispatcher hands unstarted jobs back.
        if (stopping_) return;
        Claimed claimed = std::move(ready_.front());
        ready_.pop_front();
        running_.insert(runner.get());
        lock.unlock();
        runStep(claimed, *runner);
        lock.lock();
        running_.erase(runner.get());
        if (runner->abandoned()) runner = std::make_unique<CallRunner>();
    }
}

void StepPool::runStep(const Claimed& claimed, CallRunner& runner) {
    const domain::Job& job = claimed.job;
    const std::string stepName(domain::toString(settings_.step));
    std::optional<domain::Project> project;
    try {
        project = projects_.get(job.projectId);
    } catch (const std::exception& e) {
        log().error("job %s: cannot read its project: %s", job.id, std::string(e.what()));
        release(job);
        return;
    }
    if (!claimed.lead || !project) {
        fail(job, "the job's lead or project no longer exists");
        return;
    }
    std::optional<StepInputs> inputs = StepInputs{job, *claimed.lead, *project};
    std::string jobId = job.id;
    auto control = std::make_shared<plugins::RunControl>(
        plugins::RunControl::deadlineIn(settings_.timeout),
        [this, jobId](int percent, const std::string&) { leases_.progress(jobId, percent); });
    auto deadline = std::chrono::steady_clock::now() + settings_.timeout;
    // The call owns everything it touches: an abandoned call may outlive this function, and even
    // the engine.
    auto result = std::make_shared<StepResult>();
    auto outcome = runner.run(
        [executor = executor_, control, in = std::make_shared<StepInputs>(*inputs), result] {
            *result = executor->execute(*in, *control);
            return std::string();
        },
        deadline);
    switch (outcome) {
        case CallRunner::Outcome::Finished:
            break;
        case CallRunner::Outcome::Overran:
            control->cancel();
            fail(job, "the " + stepName + " step did not finish within its timeout of " +
                          seconds(settings_.timeout));
            return;
        case CallRunner::Outcome::Interrupted:
            control->cancel();
            release(job);
            return;
    }
    if (auto error = runner.error()) {
        try {
            std::rethrow_exception(error);
        } catch (const plugins::PluginError& e) {
            fail(job, e.what());
        } catch (const std::exception& e) {
            fail(job, "the " + stepName + " step failed: " + e.what());
        }
        return;
    }
    try {
        if (!recordSuccess(store_, owner_, job, settings_.step, *result)) {
            log().warning("job %s: finished %s but no longer held its lease; result dropped",
                          job.id, stepName);
        }
    } catch (const std::exception& e) {
        // The lease runs out and the reaper gives the step another attempt.
        log().error("job %s: storing the %s result failed: %s", job.id, stepName,
                    std::string(e.what()));
    }
    leases_.forget(job.id);
    onStepDone_();
}

void StepPool::fail(const domain::Job& job, const std::string& error) {
    std::optional<domain::Timestamp> retryAt;
    try {
        bool changed = recordFailure(
            store_, retries_,
            {job.id, owner_, settings_.step, job.retryCount, error, false, job.maxRetries},
            retryAt);
        if (changed) {
            log().warning("job %s: %s%s", job.id, error,
                          retryAt ? " (will retry)" : " (no retries left: failed)");
        }
    } catch (const std::exception& e) {
        log().error("job %s: recording a failure failed: %s", job.id, std::string(e.what()));
    }
    leases_.forget(job.id);
    if (retryAt) wake();  // to sleep until the retry is due
}

void StepPool::release(const domain::Job& job) {
    try {
        store_.write([&](storage::Repositories& repositories) {
            repositories.jobs().releaseLease(job.id, owner_, domain::nowMillis());
        });
    } catch (const std::exception& e) {
        // Its lease runs out and the reaper puts it back.
        log().warning("job %s: handing it back failed: %s", job.id, std::string(e.what()));
    }
    leases_.forget(job.id);
}

void StepPool::stopClaiming() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dispatcherWake_.notify_all();
    workAvailable_.notify_all();
}

bool StepPool::waitUntilIdle(std::chrono::steady_clock::time_point deadline) {
    std::unique_lock lock(mutex_);
    while (!running_.empty()) {
        if (dispatcherWake_.wait_until(lock, deadline) == std::cv_status::timeout) {
            return running_.empty();
        }
    }
    return true;
}

void StepPool::abandonRunning() {
    std::lock_guard lock(mutex_);
    for (auto* runner : running_) runner->interrupt();
}

void StepPool::join() {
    if (dispatcher_.joinable()) dispatcher_.join();
    for (auto& worker : workers_) {
        if (worker.joinable()) worker.join();
    }
    workers_.clear();
}

}  // namespace lodestone::jobs
