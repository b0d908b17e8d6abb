// The job engine's side of the jobs table: claiming, leases, the outcome of each step, and the
// backlog the gauges count.
#include <algorithm>

#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

using domain::StepName;

std::string_view name(StepName step) {
    return domain::toString(step);
}

const std::string kReady =
    "lease_owner IS NULL AND status NOT IN ('completed', 'failed') AND next_step = ?";

}  // namespace

std::vector<domain::Job> SqlJobQueue::claim(StepName step, const std::string& owner, int limit,
                                            Timestamp now, Timestamp leaseUntil) {
    // One kind at a time, in the domain's claim order; within a kind, oldest due first.
    std::vector<std::string> ids;
    for (auto kind : domain::kJobKindsByClaimOrder) {
        const int room = limit - static_cast<int>(ids.size());
        if (room <= 0) break;
        const std::string& sql = perDialect(statements_.dialect(), [](Dialect dialect) {
            return "SELECT id FROM jobs WHERE " + kReady +
                   " AND kind = ? AND run_after <= ? ORDER BY run_after, created_at LIMIT ?" +
                   skipLocked(dialect);
        });
        Query select(statements_, sql);
        select.bindAll(name(step), domain::toString(kind), now, room);
        select.forEachRow([&](const Row& row) { ids.push_back(row.text("id")); });
    }

    std::vector<domain::Job> claimed;
    for (const auto& id : ids) {
        int leased = Query(statements_,
                           "UPDATE jobs SET status = ?, lease_owner = ?, lease_expires_at = ?, "
                           "updated_at = ? WHERE id = ? AND lease_owner IS NULL")
                         .bindAll(domain::toString(domain::runningStatusOf(step)), owner,
                                  leaseUntil, now, id)
                         .execute();
        if (leased == 0) continue;
        // A step runs again from scratch after a failed or abandoned attempt.
        Query(statements_,
              "INSERT INTO job_steps (job_id, name, status, started_at, progress) "
              "VALUES (?, ?, 'running', ?, 0) ON CONFLICT (job_id, name) DO UPDATE SET "
              "status = 'running', started_at = excluded.started_at, completed_at = NULL, "
              "failed_at = NULL, progress = 0, error = NULL, output_json = NULL")
            .bindAll(id, name(step), now)
            .execute();
        claimed.push_back(*jobs_.find(id));
    }
    return claimed;
}

std::optional<Timestamp> SqlJobQueue::nextDue(StepName step) {
    static const std::string sql = "SELECT MIN(run_after) AS due FROM jobs WHERE " + kReady;
    Query select(statements_, sql);
    select.bind(name(step));
    return select.firstRow([](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

JobBacklog::QueueDepth SqlJobBacklog::queueDepth() {
    // Each condition is its partial index's own (jobs_claimable, jobs_leased), so SQLite counts
    // index entries instead of reading the table.
    Query select(statements_,
                 "SELECT (SELECT COUNT(*) FROM jobs WHERE lease_owner IS NULL AND status NOT IN "
                 "('completed', 'failed')) AS waiting, (SELECT COUNT(*) FROM jobs WHERE "
                 "lease_owner IS NOT NULL) AS running");
    return select
        .firstRow([](const Row& row) {
            return QueueDepth{row.integer("waiting"), row.integer("running")};
        })
        .value_or(QueueDepth{});
}

std::vector<JobBacklog::WaitingAtStep> SqlJobBacklog::waitingByStep() {
    // The WHERE is jobs_claimable's own and the groups its leading keys, so SQLite walks that
    // index in (next_step, kind) order: the cost is the backlog's size, never the history's.
    Query select(statements_,
                 "SELECT next_step, kind, COUNT(*) AS waiting, MIN(run_after) AS earliest "
                 "FROM jobs WHERE lease_owner IS NULL AND status NOT IN ('completed', 'failed') "
                 "GROUP BY next_step, kind");
    std::vector<WaitingAtStep> waiting;
    select.forEachRow([&](const Row& row) {
        auto step = domain::stepNameFromString(row.text("next_step"));
        auto kind = domain::jobKindFromString(row.text("kind"));
        if (!step || !kind) return;  // the table's CHECKs admit no other
        waiting.push_back({*kind, *step, row.integer("waiting"), row.integer("earliest")});
    });
    return waiting;
}

std::vector<JobBacklog::HeldOfKind> SqlJobBacklog::heldByKind() {
    Query select(statements_,
                 "SELECT kind, COUNT(*) AS held FROM jobs WHERE lease_owner IS NOT NULL "
                 "GROUP BY kind");
    std::vector<HeldOfKind> held;
    select.forEachRow([&](const Row& row) {
        if (auto kind = domain::jobKindFromString(row.text("kind"))) {
            held.push_back({*kind, row.integer("held")});
        }
    });
    return held;
}

bool SqlJobQueue::reportProgress(const std::string& jobId, const std::string& owner, int percent) {
    return Query(statements_,
                 "UPDATE job_steps SET progress = ? WHERE job_id = ? AND status = 'running' AND "
                 "name = (SELECT next_step FROM jobs WHERE id = ? AND lease_owner = ?)")
               .bindAll(std::clamp(percent, 0, 100), jobId, jobId, owner)
               .execute() == 1;
}

bool SqlJobQueue::completeStep(const std::string& jobId, const std::string& owner, StepName step,
                               const std::string& outputJson, Timestamp now) {
    std::optional<std::string> kindName;
    {
        Query kindOf(statements_, "SELECT kind FROM jobs WHERE id = ?");
        kindName = kindOf.bind(jobId).firstRow([](const Row& row) { return row.text("kind"); });
    }
    if (!kindName) return false;
    auto kind = domain::jobKindFromString(*kindName);
    if (!kind) throw StorageError("unexpected job kind in the database: " + *kindName);
    int moved = 0;
    if (auto next = domain::stepAfter(*kind, step)) {
        // Straight to the next step's running status: the job is not waiting for a retry, only
        // for a free worker of that step.
        moved = Query(statements_,
                      "UPDATE jobs SET status = ?, next_step = ?, lease_owner = NULL, "
                      "lease_expires_at = NULL, run_after = ?, updated_at = ? "
                      "WHERE id = ? AND lease_owner = ? AND next_step = ?")
                    .bindAll(domain::toString(domain::runningStatusOf(*next)), name(*next), now,
                             now, jobId, owner, name(step))
                    .execute();
    } else {
        moved = Query(statements_,
                      "UPDATE jobs SET status = 'completed', lease_owner = NULL, "
                      "lease_expires_at = NULL, updated_at = ?, finished_at = ? "
                      "WHERE id = ? AND lease_owner = ? AND next_step = ?")
                    .bindAll(now, now, jobId, owner, name(step))
                    .execute();
    }
    if (moved == 0) return false;
    Query(statements_,
          "UPDATE job_steps SET status = 'completed', completed_at = ?, progress = 100, "
          "output_json = ? WHERE job_id = ? AND name = ?")
        .bindAll(now, outputJson, jobId, name(step))
        .execute();
    return true;
}

bool SqlJobQueue::failStep(const StepFailure& failure) {
    const std::string requeue =
        "UPDATE jobs SET status = 'queued', retry_count = retry_count + 1, error = NULL, "
        "lease_owner = NULL, lease_expires_at = NULL, run_after = ?, updated_at = ? ";
    const std::string fail =
        "UPDATE jobs SET status = 'failed', error = ?, retryable = ?, lease_owner = NULL, "
        "lease_expires_at = NULL, updated_at = ?, finished_at = ? ";
    const bool expired = failure.onlyIfLeaseExpired;
    Query job(statements_, (failure.retryAt ? requeue : fail) +
                               "WHERE id = ? AND lease_owner = ? AND next_step = ?" +
                               (expired ? " AND lease_expires_at <= ?" : ""));
    if (failure.retryAt) {
        job.bindAll(*failure.retryAt, failure.now);
    } else {
        job.bindAll(failure.error, failure.retryable ? 1 : 0, failure.now, failure.now);
    }
    job.bindAll(failure.jobId, failure.owner, name(failure.step));
    if (expired) job.bind(failure.now);
    if (job.execute() == 0) return false;
    Query(statements_,
          "UPDATE job_steps SET status = 'failed', failed_at = ?, error = ? "
          "WHERE job_id = ? AND name = ?")
        .bindAll(failure.now, failure.error, failure.jobId, name(failure.step))
        .execute();
    return true;
}

bool SqlJobQueue::releaseLease(const std::string& jobId, const std::string& owner, Timestamp now) {
    return Query(statements_,
                 "UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL, run_after = ?, "
                 "updated_at = ? WHERE id = ? AND lease_owner = ?")
               .bindAll(now, now, jobId, owner)
               .execute() == 1;
}

}  // namespace lodestone::storage::sql
