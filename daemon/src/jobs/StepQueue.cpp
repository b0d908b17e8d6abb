#include "jobs/StepQueue.hpp"

#include <chrono>
#include <optional>
#include <string>

#include "jobs/JobOutcomes.hpp"
#include "metrics/Series.hpp"
#include "plugins/PluginError.hpp"
#include "storage/JobQueue.hpp"

namespace lodestone::jobs {
namespace {

// A job claimed for a step, with its kind's run of the step and, once it ran, the result.
struct ClaimedStep final : work::Claim {
    ClaimedStep(domain::Job claimed, std::string leaseOwner, std::string step,
                std::shared_ptr<StepRun> prepared)
        : job(std::move(claimed)), stepName(std::move(step)), run(std::move(prepared)) {
        itemId = job.id;
        owner = std::move(leaseOwner);
    }
    std::string describe() const override { return "job " + job.id + " (" + stepName + ")"; }

    domain::Job job;
    std::string stepName;
    std::shared_ptr<StepRun> run;
    std::shared_ptr<StepResult> result = std::make_shared<StepResult>();
};

// A claimed job whose kind could not read what the step works on.
class UnreadableStep final : public StepRun {
  public:
    explicit UnreadableStep(std::string why) : why_(std::move(why)) {}
    std::optional<Shortcut> shortcut() override {
        return Shortcut{work::Outcome::failed("cannot read what the job works on: " + why_), {}};
    }
    StepResult run(plugins::RunControl&) override { return {}; }  // never: shortcut() ends it

  private:
    std::string why_;
};

// Observes lodestone_step_duration_seconds when it goes out of scope: the real time the step's
// work took, on the steady clock, whatever the application's clock says.
class StepTimer {
  public:
    StepTimer(const metrics::Series& series, const std::string& step, std::string plugin)
        : series_(series.stepDuration.with(
              {step, plugin.empty() ? std::string("none") : std::move(plugin)})),
          started_(std::chrono::steady_clock::now()) {}
    ~StepTimer() {
        series_.observe(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
    }
    StepTimer(const StepTimer&) = delete;
    StepTimer& operator=(const StepTimer&) = delete;

  private:
    metrics::Histogram& series_;
    std::chrono::steady_clock::time_point started_;
};

std::string duration(std::chrono::milliseconds span) {
    auto count = span.count();
    return count % 1000 == 0 ? std::to_string(count / 1000) + " s" : std::to_string(count) + " ms";
}

}  // namespace

StepQueue::StepQueue(domain::StepName step, JobTable& table, const JobHandlers& handlers,
                     const work::RetryPolicy& retries, std::chrono::milliseconds timeout,
                     const metrics::Series* series)
    : step_(step),
      name_(domain::toString(step)),
      table_(table),
      handlers_(handlers),
      retries_(retries),
      timeout_(timeout),
      series_(series) {}

work::Claims StepQueue::claim(storage::Repositories& repositories,
                              const work::ClaimRequest& request) {
    work::Claims claimed;
    for (auto& job : repositories.jobQueue().claim(step_, request.owner, request.limit, request.now,
                                                   request.leaseUntil)) {
        std::shared_ptr<StepRun> run;
        try {
            run = handlers_.of(job.kind).prepare(repositories, job, step_, request.now);
        } catch (const std::exception& e) {
            // One job whose subject cannot be read must not keep every other job of the step
            // from being claimed: its attempt fails (and counts), the others go on.
            run = std::make_shared<UnreadableStep>(e.what());
        }
        claimed.push_back(
            std::make_unique<ClaimedStep>(std::move(job), request.owner, name_, std::move(run)));
    }
    return claimed;
}

std::optional<work::Timestamp> StepQueue::nextDue(storage::Repositories& repositories) {
    return repositories.jobQueue().nextDue(step_);
}

work::Prepared StepQueue::prepare(work::Claim& claim,
                                  const std::shared_ptr<plugins::RunControl>& control) {
    auto& claimed = static_cast<ClaimedStep&>(claim);
    if (auto shortcut = claimed.run->shortcut()) {
        *claimed.result = std::move(shortcut->result);
        return {nullptr, std::move(shortcut->outcome)};
    }
    return {[run = claimed.run, result = claimed.result, control, step = name_, series = series_] {
                // Timed whatever the run's end, a throw included; a run left behind at its
                // deadline is counted when it does return, at its real length. The series
                // outlive it: the process exits without teardown while such a run is left.
                std::optional<StepTimer> timer;
                if (series) timer.emplace(*series, step, run->plugin());
                *result = run->run(*control);
                return std::string();
            },
            {}};
}

work::Outcome StepQueue::conclude(work::Claim&, const work::CallEnd& end,
                                  const plugins::RunControl&) {
    switch (end.how) {
        case work::CallEnding::Finished:
            break;
        case work::CallEnding::Overran:
            return work::Outcome::failed("the " + name_ +
                                         " step did not finish within its timeout of " +
                                         duration(timeout_));
        case work::CallEnding::Interrupted:
            return work::Outcome::handedBack();
    }
    if (!end.error) return work::Outcome::succeeded();
    try {
        std::rethrow_exception(end.error);
    } catch (const plugins::PluginError& e) {
        // A plugin that rejects its input will reject the same input next time too.
        return work::Outcome::failed(e.what(), e.status() != LODESTONE_ERROR_INVALID_INPUT);
    } catch (const std::exception& e) {
        return work::Outcome::failed("the " + name_ + " step failed: " + e.what());
    } catch (...) {
        return work::Outcome::failed("the " + name_ +
                                     " step failed with an exception that is not a "
                                     "std::exception");
    }
}

work::Recorded StepQueue::record(storage::Repositories& repositories, const work::Claim& claim,
                                 const work::Outcome& outcome, work::Timestamp now) {
    const auto& claimed = static_cast<const ClaimedStep&>(claim);
    const domain::Job& job = claimed.job;
    switch (outcome.type) {
        case work::Outcome::Type::Succeeded:
            return recordSuccess(repositories, claim.owner, job, step_, *claimed.result, now);
        case work::Outcome::Type::Failed:
            return recordFailure(repositories, handlers_, retries_,
                                 {job.id, claim.owner, step_, job.retryCount, outcome.error, false,
                                  job.maxRetries, outcome.retryable},
                                 now);
        case work::Outcome::Type::HandedBack:
            break;
    }
    work::Recorded recorded;
    recorded.held = repositories.jobQueue().releaseLease(job.id, claim.owner, now);
    return recorded;
}

void StepQueue::recorded(const work::Claim& claim, const work::Outcome& outcome,
                         const work::Recorded& recorded) {
    if (outcome.type != work::Outcome::Type::Failed || !recorded.retryAt) return;
    if (!series_) return;
    const auto& claimed = static_cast<const ClaimedStep&>(claim);
    series_->retries.with({std::string(domain::toString(claimed.job.kind))}).add();
}

}  // namespace lodestone::jobs
