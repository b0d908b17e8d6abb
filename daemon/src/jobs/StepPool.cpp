#include "jobs/StepPool.hpp"

#include <Poco/Logger.h>

#include <system_error>

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

StepPool::StepPool(StepPoolSettings settings, storage::Store& store, std::string processOwner,
                   LeaseKeeper& leases, const RetryPolicy& retries, ProjectCache& projects,
                   std::shared_ptr<StepExecutor> executor, Callback onStepDone)
    : settings_(settings),
      store_(store),
      processOwner_(std::move(processOwner)),
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

int StepPool::roomForClaims(std::unique_lock<std::mutex>&) {
    // Each call still running after its worker gave up on it takes that worker's place until it
    // returns: hung calls, running calls and claimed jobs never add up to more than the
    // concurrency, and so neither do the threads they cost.
    int hung = abandonedCalls_->load();
    if (hung >= settings_.concurrency) {
        if (!warnedAboutHungCalls_) {
            log().error(
                "%s: %d calls that overran their timeout are still running; claiming "
                "pauses until some return (is the plugin hanging?)",
                std::string(domain::toString(settings_.step)), hung);
            warnedAboutHungCalls_ = true;
        }
        return 0;
    }
    warnedAboutHungCalls_ = false;
    return idle_ - static_cast<int>(ready_.size()) - hung;
}

std::vector<StepPool::Claimed> StepPool::claim(int room,
                                               std::optional<domain::Timestamp>& nextDue) {
    // A lease owner of this claim's own, so a late word from an earlier claim of the same job by
    // this process can never pass for this one.
    const std::string owner = processOwner_ + ":" + std::to_string(++claims_);
    const auto now = domain::nowMillis();
    auto claimed = store_.write([&](storage::Repositories& repositories) {
        std::vector<Claimed> out;
        for (auto& job : repositories.jobs().claim(settings_.step, owner, room, now,
                                                   now + settings_.lease.count())) {
            auto subject = claimSubject(repositories, job, settings_.step, now);
            out.push_back({std::move(job), std::move(subject), owner});
        }
        return out;
    });
    if (static_cast<int>(claimed.size()) < room) {
        nextDue = store_.read([&](storage::Repositories& repositories) {
            return repositories.jobs().nextDue(settings_.step);
        });
    }
    return claimed;
}

void StepPool::dispatchLoop() {
    auto nextLook = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    // Workers free for a new claim. A wake-up waits for one: after a full batch every worker
    // may be busy, and the work still queued must be claimed as soon as one comes free, not at
    // the next poll.
    auto free = [&] { return idle_ - static_cast<int>(ready_.size()) - abandonedCalls_->load(); };
    while (!stopping_) {
        dispatcherWake_.wait_until(lock, nextLook,
                                   [&] { return stopping_ || (woken_ && free() > 0); });
        if (stopping_) break;
        const int room = roomForClaims(lock);
        if (room <= 0) {
            // Every worker is busy, or hung calls hold their places; a hung call that returns
            // does not notify, so look again after the poll interval at the latest. The wake-up
            // is kept for the first worker that comes free.
            nextLook = std::chrono::steady_clock::now() + settings_.pollInterval;
            continue;
        }
        woken_ = false;
        lock.unlock();
        std::vector<Claimed> claimed;
        std::optional<domain::Timestamp> nextDue;
        try {
            claimed = claim(room, nextDue);
        } catch (const std::exception& e) {
            log().error("claiming %s jobs failed: %s",
                        std::string(domain::toString(settings_.step)), std::string(e.what()));
        }
        for (const auto& one : claimed) {
            leases_.track(one.job.id, one.owner, settings_.step, settings_.lease);
        }
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
    for (const auto& one : unstarted) release(one);
}

std::unique_ptr<CallRunner> StepPool::newRunner() {
    // Out of threads (too many hung calls in this process): wait and try again rather than let
    // the failure take the daemon down.
    while (true) {
        try {
            return std::make_unique<CallRunner>(abandonedCalls_);
        } catch (const std::system_error& e) {
            log().error("cannot start a thread for %s calls: %s",
                        std::string(domain::toString(settings_.step)), std::string(e.what()));
        }
        std::unique_lock lock(mutex_);
        if (stopping_) return nullptr;
        dispatcherWake_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; });
    }
}

void StepPool::workerLoop() {
    auto runner = newRunner();
    std::unique_lock lock(mutex_);
    while (runner) {
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
        if (runner->abandoned()) {
            auto replacement = newRunner();
            lock.lock();
            running_.erase(runner.get());
            runner = std::move(replacement);
        } else {
            lock.lock();
            running_.erase(runner.get());
        }
    }
}

std::optional<StepInputs> StepPool::inputsOf(const Claimed& claimed) {
    const domain::Job& job = claimed.job;
    const JobSubject& subject = claimed.subject;
    if (job.kind == domain::JobKind::Prospect) {
        if (!subject.prospect || !subject.campaign) {
            fail(claimed, "the job's prospect or campaign no longer exists", false);
            return std::nullopt;
        }
        if (!isInPipeline(subject.prospect->status)) {
            // Something moved the prospect on (a meeting was booked): researching or scoring
            // it now is wasted work, so the step ends at once without running.
            succeed(claimed, {R"({"skipped":"the prospect is )" +
                                  std::string(domain::toString(subject.prospect->status)) + R"("})",
                              nullptr});
            return std::nullopt;
        }
        return StepInputs{job, std::nullopt, std::nullopt, subject.prospect, subject.campaign};
    }
    std::optional<domain::Project> project;
    try {
        project = projects_.get(job.projectId);
    } catch (const std::exception& e) {
        // Counted as an attempt: a project that can never be read must end the job, not loop.
        fail(claimed, std::string("cannot read the job's project: ") + e.what());
        return std::nullopt;
    }
    if (!subject.lead || !project) {
        fail(claimed, "the job's lead or project no longer exists", false);
        return std::nullopt;
    }
    return StepInputs{job, subject.lead, project, std::nullopt, std::nullopt};
}

void StepPool::runStep(const Claimed& claimed, CallRunner& runner) {
    const domain::Job& job = claimed.job;
    const std::string stepName(domain::toString(settings_.step));
    auto stepInputs = inputsOf(claimed);
    if (!stepInputs) return;
    auto control = std::make_shared<plugins::RunControl>(
        plugins::RunControl::deadlineIn(settings_.timeout),
        [report = leases_.progressReporter(job.id, claimed.owner)](
            int percent, const std::string&) { report(percent); });
    auto deadline = std::chrono::steady_clock::now() + settings_.timeout;
    // The call owns everything it touches: an abandoned call may outlive this function, and even
    // the engine.
    auto result = std::make_shared<StepResult>();
    auto inputs = std::make_shared<StepInputs>(std::move(*stepInputs));
    auto outcome = abandoning_ ? CallRunner::Outcome::Interrupted
                               : runner.run(
                                     [executor = executor_, control, inputs, result] {
                                         *result = executor->execute(*inputs, *control);
                                         return std::string();
                                     },
                                     deadline);
    switch (outcome) {
        case CallRunner::Outcome::Finished:
            break;
        case CallRunner::Outcome::Overran:
            control->cancel();
            fail(claimed, "the " + stepName + " step did not finish within its timeout of " +
                              seconds(settings_.timeout));
            return;
        case CallRunner::Outcome::Interrupted:
            control->cancel();
            release(claimed);
            return;
    }
    if (auto error = runner.error()) {
        try {
            std::rethrow_exception(error);
        } catch (const plugins::PluginError& e) {
            // A plugin that rejects its input will reject the same input next time too.
            fail(claimed, e.what(), e.status() != LODESTONE_ERROR_INVALID_INPUT);
        } catch (const std::exception& e) {
            fail(claimed, "the " + stepName + " step failed: " + e.what());
        }
        return;
    }
    succeed(claimed, *result);
}

bool StepPool::writeOutcome(const Claimed& claimed, const char* what,
                            const std::function<void()>& write) {
    auto giveUpAt = std::chrono::steady_clock::now() + settings_.lease;
    auto pause = std::chrono::milliseconds(100);
    while (true) {
        try {
            write();
            return true;
        } catch (const std::exception& e) {
            if (!leases_.holds(claimed.job.id, claimed.owner) ||
                std::chrono::steady_clock::now() >= giveUpAt) {
                // The lease runs out and the reaper gives the step another attempt.
                log().error("job %s: recording %s failed, giving up: %s", claimed.job.id,
                            std::string(what), std::string(e.what()));
                return false;
            }
            log().warning("job %s: recording %s failed, trying again: %s", claimed.job.id,
                          std::string(what), std::string(e.what()));
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(5000));
    }
}

void StepPool::succeed(const Claimed& claimed, const StepResult& result) {
    bool moved = false;
    writeOutcome(claimed, "the step's result", [&] {
        moved = recordSuccess(store_, claimed.owner, claimed.job, settings_.step, result);
    });
    if (!moved) {
        log().warning("job %s: finished %s but no longer held its lease; result dropped",
                      claimed.job.id, std::string(domain::toString(settings_.step)));
    }
    leases_.forget(claimed.job.id, claimed.owner);
    onStepDone_();
}

void StepPool::fail(const Claimed& claimed, const std::string& error, bool retryable) {
    std::optional<domain::Timestamp> retryAt;
    bool changed = false;
    writeOutcome(claimed, "a failed attempt", [&] {
        changed =
            recordFailure(store_, retries_,
                          {claimed.job.id, claimed.owner, settings_.step, claimed.job.retryCount,
                           error, false, claimed.job.maxRetries, retryable},
                          retryAt);
    });
    if (changed) {
        log().warning("job %s: %s%s", claimed.job.id, error,
                      std::string(retryAt     ? " (will retry)"
                                  : retryable ? " (no retries left: failed)"
                                              : " (not retryable: failed)"));
    }
    leases_.forget(claimed.job.id, claimed.owner);
    if (changed && retryAt) wake();  // to sleep until the retry is due
}

void StepPool::release(const Claimed& claimed) {
    writeOutcome(claimed, "the hand-back", [&] {
        store_.write([&](storage::Repositories& repositories) {
            repositories.jobs().releaseLease(claimed.job.id, claimed.owner, domain::nowMillis());
        });
    });
    leases_.forget(claimed.job.id, claimed.owner);
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
    abandoning_ = true;  // a step about to start does not start
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
