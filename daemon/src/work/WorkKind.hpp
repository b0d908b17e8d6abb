#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plugins/RunControl.hpp"
#include "work/LeaseTable.hpp"
#include "work/Outcome.hpp"

namespace lodestone::work {

// One item claimed from a queue. Each kind derives its own, holding what it read about the item
// in the claiming transaction and what its attempt produced.
class Claim {
  public:
    virtual ~Claim() = default;
    // How logs name this attempt: "job job_… (research_agent)", "delivery whe_…, attempt 2".
    virtual std::string describe() const = 0;

    std::string itemId;
    std::string owner;  // this claim's lease owner
};
using Claims = std::vector<std::unique_ptr<Claim>>;

struct ClaimRequest {
    std::string owner;
    int limit = 1;
    Timestamp now = 0;
    Timestamp leaseUntil = 0;
};

// An attempt as its kind prepared it: a call to run under the watchdog, or, when `call` is
// empty, an outcome decided without one.
struct Prepared {
    std::function<std::string()> call;
    Outcome decided;
};

// How a call ended (what it means for the work is the kind's to say).
enum class CallEnding {
    Finished,     // the call returned or threw; see CallEnd's output and error
    Overran,      // its deadline passed first; the call was left behind
    Interrupted,  // a stop came first; the call was left behind
};

// How the call ended.
struct CallEnd {
    CallEnding how = CallEnding::Finished;
    std::string output;        // it returned
    std::exception_ptr error;  // it threw
};

// One kind of leased work (a pipeline step of jobs, webhook deliveries): how the engine claims,
// runs and records its items. The module that owns the kind implements it; the engine knows
// nothing else about it.
class WorkKind {
  public:
    virtual ~WorkKind() = default;

    // Names the kind's worker pool in logs and wake-ups; unique within an engine.
    virtual const std::string& name() const = 0;
    virtual LeaseTable& table() = 0;

    // In a write transaction of the engine's: leases up to `request.limit` due items to
    // `request.owner` until `request.leaseUntil`, and reads what each works on.
    virtual Claims claim(storage::Repositories& repositories, const ClaimRequest& request) = 0;
    // When the next unclaimed item is due; none when nothing waits.
    virtual std::optional<Timestamp> nextDue(storage::Repositories& repositories) = 0;

    // On a worker thread, outside any transaction. `control` carries the call's deadline,
    // cancellation and progress. A call that overruns is left running and may outlive the
    // attempt (and the engine): it must own what it touches.
    virtual Prepared prepare(Claim& claim, const std::shared_ptr<plugins::RunControl>& control) = 0;
    // What the end of the call means for the attempt.
    virtual Outcome conclude(Claim& claim, const CallEnd& end,
                             const plugins::RunControl& control) = 0;

    // In a write transaction of the engine's (possibly with other outcomes and claims), guarded
    // by the claim's lease.
    virtual Recorded record(storage::Repositories& repositories, const Claim& claim,
                            const Outcome& outcome, Timestamp now) = 0;
    // Once record()'s transaction has committed, and only if the claim still held: what the
    // kind counts of the attempt (its metrics). Not in record(), whose transaction may roll
    // back and be tried again. Attempts the rescuer takes back are not reported here.
    virtual void recorded(const Claim&, const Outcome&, const Recorded&) {}
};

}  // namespace lodestone::work
