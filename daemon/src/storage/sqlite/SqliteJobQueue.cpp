// The job engine's side of SqliteJobs: claiming, leases, and the outcome of each step.
#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

using domain::StepName;

std::string name(StepName step) {
    return std::string(domain::toString(step));
}

const char* const kReady =
    "lease_owner IS NULL AND status NOT IN ('completed', 'failed') AND next_step = ?";

JobRepository::Lease toLease(const Row& row) {
    auto step = domain::stepNameFromString(row.text("next_step"));
    if (!step) throw StorageError("unexpected job step in the database: " + row.text("next_step"));
    return {row.text("id"), row.text("lease_owner"), *step,
            static_cast<int>(row.integer("retry_count")),
            static_cast<int>(row.integer("max_retries"))};
}

}  // namespace

std::vector<domain::Job> SqliteJobs::claim(StepName step, const std::string& owner, int limit,
                                           Timestamp now, Timestamp leaseUntil) {
    // Lead magnets first: a client polls for each one, while prospects arrive in batches (a CRM
    // import of thousands must not hold up a page someone is waiting for). Within a kind,
    // oldest due first.
    std::vector<std::string> ids;
    for (const char* kind : {"lead_magnet", "prospect"}) {
        const int room = limit - static_cast<int>(ids.size());
        if (room <= 0) break;
        Poco::Data::Statement select(session_);
        select << "SELECT id FROM jobs WHERE " << kReady
               << " AND kind = ? AND run_after <= ? ORDER BY run_after, created_at LIMIT ?",
            bind(name(step)), bind(std::string(kind)), bind(now), bind(room);
        forEachRow(select, [&](const Row& row) { ids.push_back(row.text("id")); });
    }

    std::vector<domain::Job> claimed;
    for (const auto& id : ids) {
        Poco::Data::Statement lease(session_);
        lease << "UPDATE jobs SET status = ?, lease_owner = ?, lease_expires_at = ?, "
                 "updated_at = ? WHERE id = ? AND lease_owner IS NULL",
            bind(std::string(domain::toString(domain::runningStatusOf(step)))), bind(owner),
            bind(leaseUntil), bind(now), bind(id);
        if (lease.execute() == 0) continue;
        // A step runs again from scratch after a failed or abandoned attempt.
        Poco::Data::Statement row(session_);
        row << "INSERT INTO job_steps (job_id, name, status, started_at, progress) "
               "VALUES (?, ?, 'running', ?, 0) ON CONFLICT (job_id, name) DO UPDATE SET "
               "status = 'running', started_at = excluded.started_at, completed_at = NULL, "
               "failed_at = NULL, progress = 0, error = NULL, output_json = NULL",
            bind(id), bind(name(step)), bind(now);
        row.execute();
        claimed.push_back(*find(id));
    }
    return claimed;
}

std::optional<Timestamp> SqliteJobs::nextDue(StepName step) {
    Poco::Data::Statement select(session_);
    select << "SELECT MIN(run_after) AS due FROM jobs WHERE " << kReady, bind(name(step));
    return firstRow(select, [](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

int SqliteJobs::renewLeases(const std::string& owner, const std::vector<std::string>& jobIds,
                            Timestamp leaseUntil) {
    int held = 0;
    for (const auto& id : jobIds) {
        Poco::Data::Statement renew(session_);
        renew << "UPDATE jobs SET lease_expires_at = ? WHERE id = ? AND lease_owner = ?",
            bind(leaseUntil), bind(id), bind(owner);
        held += static_cast<int>(renew.execute());
    }
    return held;
}

bool SqliteJobs::reportProgress(const std::string& jobId, const std::string& owner, StepName step,
                                int percent) {
    Poco::Data::Statement update(session_);
    update << "UPDATE job_steps SET progress = ? WHERE job_id = ? AND name = ? AND "
              "status = 'running' AND EXISTS (SELECT 1 FROM jobs WHERE id = ? AND lease_owner = ?)",
        bind(std::clamp(percent, 0, 100)), bind(jobId), bind(name(step)), bind(jobId), bind(owner);
    return update.execute() == 1;
}

bool SqliteJobs::completeStep(const std::string& jobId, const std::string& owner, StepName step,
                              const std::string& outputJson, Timestamp now) {
    Poco::Data::Statement kindOf(session_);
    kindOf << "SELECT kind FROM jobs WHERE id = ?", bind(jobId);
    auto kindName = firstRow(kindOf, [](const Row& row) { return row.text("kind"); });
    if (!kindName) return false;
    auto kind = domain::jobKindFromString(*kindName);
    if (!kind) throw StorageError("unexpected job kind in the database: " + *kindName);
    auto next = domain::stepAfter(*kind, step);
    Poco::Data::Statement job(session_);
    if (next) {
        // Straight to the next step's running status: the job is not waiting for a retry, only
        // for a free worker of that step.
        job << "UPDATE jobs SET status = ?, next_step = ?, lease_owner = NULL, "
               "lease_expires_at = NULL, run_after = ?, updated_at = ? "
               "WHERE id = ? AND lease_owner = ? AND next_step = ?",
            bind(std::string(domain::toString(domain::runningStatusOf(*next)))), bind(name(*next)),
            bind(now), bind(now), bind(jobId), bind(owner), bind(name(step));
    } else {
        job << "UPDATE jobs SET status = 'completed', lease_owner = NULL, lease_expires_at = NULL, "
               "updated_at = ?, finished_at = ? WHERE id = ? AND lease_owner = ? AND next_step = ?",
            bind(now), bind(now), bind(jobId), bind(owner), bind(name(step));
    }
    if (job.execute() == 0) return false;
    Poco::Data::Statement row(session_);
    row << "UPDATE job_steps SET status = 'completed', completed_at = ?, progress = 100, "
           "output_json = ? WHERE job_id = ? AND name = ?",
        bind(now), bind(outputJson), bind(jobId), bind(name(step));
    row.execute();
    return true;
}

bool SqliteJobs::failStep(const StepFailure& failure) {
    Poco::Data::Statement job(session_);
    const std::string guard = std::string("WHERE id = ? AND lease_owner = ? AND next_step = ?") +
                              (failure.onlyIfLeaseExpired ? " AND lease_expires_at <= ?" : "");
    if (failure.retryAt) {
        job << "UPDATE jobs SET status = 'queued', retry_count = retry_count + 1, error = NULL, "
               "lease_owner = NULL, lease_expires_at = NULL, run_after = ?, updated_at = ? "
            << guard,
            bind(*failure.retryAt), bind(failure.now);
    } else {
        job << "UPDATE jobs SET status = 'failed', error = ?, retryable = ?, lease_owner = NULL, "
               "lease_expires_at = NULL, updated_at = ?, finished_at = ? "
            << guard,
            bind(failure.error), bind(failure.retryable ? 1 : 0), bind(failure.now),
            bind(failure.now);
    }
    job, bind(failure.jobId), bind(failure.owner), bind(name(failure.step));
    if (failure.onlyIfLeaseExpired) job, bind(failure.now);
    if (job.execute() == 0) return false;
    Poco::Data::Statement row(session_);
    row << "UPDATE job_steps SET status = 'failed', failed_at = ?, error = ? "
           "WHERE job_id = ? AND name = ?",
        bind(failure.now), bind(failure.error), bind(failure.jobId), bind(name(failure.step));
    row.execute();
    return true;
}

bool SqliteJobs::releaseLease(const std::string& jobId, const std::string& owner, Timestamp now) {
    Poco::Data::Statement update(session_);
    update << "UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL, run_after = ?, "
              "updated_at = ? WHERE id = ? AND lease_owner = ?",
        bind(now), bind(now), bind(jobId), bind(owner);
    return update.execute() == 1;
}

std::vector<JobRepository::Lease> SqliteJobs::expiredLeases(Timestamp now, int limit) {
    Poco::Data::Statement select(session_);
    select << "SELECT id, lease_owner, next_step, retry_count, max_retries FROM jobs "
              "WHERE lease_owner IS NOT NULL AND lease_expires_at <= ? "
              "ORDER BY lease_expires_at LIMIT ?",
        bind(now), bind(limit);
    std::vector<Lease> leases;
    forEachRow(select, [&](const Row& row) { leases.push_back(toLease(row)); });
    return leases;
}

std::vector<JobRepository::Lease> SqliteJobs::leasesHeldBy(const std::vector<std::string>& owners) {
    std::vector<Lease> leases;
    for (const auto& owner : owners) {
        Poco::Data::Statement select(session_);
        select << "SELECT id, lease_owner, next_step, retry_count, max_retries FROM jobs "
                  "WHERE lease_owner = ?",
            bind(owner);
        forEachRow(select, [&](const Row& row) { leases.push_back(toLease(row)); });
    }
    return leases;
}

std::vector<std::string> SqliteJobs::leaseOwners() {
    Poco::Data::Statement select(session_);
    select << "SELECT DISTINCT lease_owner FROM jobs WHERE lease_owner IS NOT NULL";
    std::vector<std::string> owners;
    forEachRow(select, [&](const Row& row) { owners.push_back(row.text("lease_owner")); });
    return owners;
}

}  // namespace lodestone::storage::sqlite
