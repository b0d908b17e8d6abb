#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "plugins/RunControl.hpp"
#include "storage/Repositories.hpp"
#include "work/WorkKind.hpp"

namespace lodestone::jobs {

// What a step produced: its output, stored with the step, and anything more to store in the
// transaction that completes it (a lead's page, a prospect's score), which runs only while the
// worker still holds the job.
struct StepResult {
    std::string outputJson;
    std::function<void(storage::Repositories&, domain::Timestamp now)> alsoStore;
    // Another kind of work that alsoStore may queue (a qualified prospect's first email): its
    // pool is woken once the outcome is recorded, rather than at its next poll.
    std::optional<std::string> mayQueue{};
    // A second one (a qualified prospect's lead-magnet job, queued at its content step).
    std::optional<std::string> mayAlsoQueue{};
};

// An attempt ended before the step ran: what it works on is gone (a failure), or has moved on
// so that the step has nothing to do (a success storing `result`).
struct Shortcut {
    work::Outcome outcome;
    StepResult result;
};

// One claimed job's step, made ready by the job's kind in the claiming transaction.
class StepRun {
  public:
    virtual ~StepRun() = default;
    // On a worker thread, before the step runs.
    virtual std::optional<Shortcut> shortcut() { return std::nullopt; }
    // On the watched call thread; throws to fail the attempt. A run that overruns its deadline
    // is left behind and may outlive the engine, so it owns what it uses.
    virtual StepResult run(plugins::RunControl& control) = 0;
    // The plugin run() calls, by its configured name, for lodestone_step_duration_seconds;
    // empty when the step calls none.
    virtual std::string plugin() const { return {}; }
};

// One kind of job (lead-magnet generation, prospect research and scoring): what it brings to
// the pipeline, registered from its own module. The steps a kind runs are domain::stepAfter's.
class JobHandler {
  public:
    virtual ~JobHandler() = default;
    virtual domain::JobKind kind() const = 0;
    // In the transaction that claims `job` for `step`: reads what the step works on (and may
    // move it on, as a prospect whose research starts).
    virtual std::shared_ptr<StepRun> prepare(storage::Repositories& repositories,
                                             const domain::Job& job, domain::StepName step,
                                             domain::Timestamp now) = 0;
    // In the transaction that fails `job` for good (its error set): what that means for what it
    // worked on.
    virtual void failedForGood(storage::Repositories& repositories, const domain::Job& job,
                               domain::Timestamp now) = 0;
};

// The kinds of job the pipeline runs, each by its handler.
class JobHandlers {
  public:
    void add(JobHandler& handler) { handlers_[handler.kind()] = &handler; }
    // Throws std::logic_error for a kind nobody registered.
    JobHandler& of(domain::JobKind kind) const;

  private:
    std::map<domain::JobKind, JobHandler*> handlers_;
};

// The stored output of an earlier step of `job`; throws when it is missing.
std::string storedOutput(const domain::Job& job, domain::StepName step);

}  // namespace lodestone::jobs
