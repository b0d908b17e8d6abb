#include <algorithm>

#include "storage/StorageError.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const char* const kJobColumns =
    "id, lead_id, organisation_id, project_id, lead_magnet_url, status, retry_count, "
    "max_retries, error, retryable, credits_charged, lease_owner, lease_expires_at, run_after, "
    "created_at, updated_at, finished_at, next_step, kind, prospect_id, campaign_id";

std::string selectJobsWhere(const char* column) {
    return std::string("SELECT ") + kJobColumns + " FROM jobs WHERE " + column + " = ?";
}

// The columns of the other kind of job are NULL.
std::optional<std::string> unlessEmpty(const std::string& value) {
    if (value.empty()) return std::nullopt;
    return value;
}

// A value the schema's CHECK constraints rule out means the file was edited by hand.
[[noreturn]] void corrupt(const std::string& what) {
    throw StorageError("unexpected value in the database: " + what);
}

domain::Job toJob(const Row& row) {
    domain::Job job;
    job.id = row.text("id");
    auto kind = domain::jobKindFromString(row.text("kind"));
    if (!kind) corrupt("job kind " + row.text("kind"));
    job.kind = *kind;
    job.leadId = row.optionalText("lead_id").value_or("");
    job.organisationId = row.text("organisation_id");
    job.projectId = row.optionalText("project_id").value_or("");
    job.leadMagnetUrl = row.optionalText("lead_magnet_url").value_or("");
    job.prospectId = row.optionalText("prospect_id").value_or("");
    job.campaignId = row.optionalText("campaign_id").value_or("");
    auto status = domain::jobStatusFromString(row.text("status"));
    if (!status) corrupt("job status " + row.text("status"));
    job.status = *status;
    job.retryCount = static_cast<int>(row.integer("retry_count"));
    job.maxRetries = static_cast<int>(row.integer("max_retries"));
    job.error = row.optionalText("error");
    job.retryable = row.integer("retryable") != 0;
    job.creditsCharged = row.integer("credits_charged");
    job.leaseOwner = row.optionalText("lease_owner");
    job.leaseExpiresAt = row.optionalInteger("lease_expires_at");
    job.runAfter = row.integer("run_after");
    job.createdAt = row.integer("created_at");
    job.updatedAt = row.integer("updated_at");
    job.finishedAt = row.optionalInteger("finished_at");
    auto next = domain::stepNameFromString(row.text("next_step"));
    if (!next) corrupt("job next step " + row.text("next_step"));
    job.nextStep = *next;
    return job;
}

domain::JobStep toStep(const Row& row) {
    domain::JobStep step;
    auto name = domain::stepNameFromString(row.text("name"));
    auto status = domain::stepStatusFromString(row.text("status"));
    if (!name || !status) corrupt("job step " + row.text("name") + "/" + row.text("status"));
    step.name = *name;
    step.status = *status;
    step.startedAt = row.integer("started_at");
    step.completedAt = row.optionalInteger("completed_at");
    step.failedAt = row.optionalInteger("failed_at");
    if (auto progress = row.optionalInteger("progress"))
        step.progress = static_cast<int>(*progress);
    step.error = row.optionalText("error");
    step.outputJson = row.optionalText("output_json");
    return step;
}

}  // namespace

void SqlJobs::insert(const domain::Job& job) {
    static const std::string sql =
        std::string("INSERT INTO jobs (") + kJobColumns +
        ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?, ?, ?)";
    Query(statements_, sql)
        .bindAll(job.id, unlessEmpty(job.leadId), job.organisationId, unlessEmpty(job.projectId),
                 unlessEmpty(job.leadMagnetUrl), domain::toString(job.status), job.retryCount,
                 job.maxRetries, job.error, job.retryable ? 1 : 0, job.creditsCharged,
                 job.leaseOwner, job.leaseExpiresAt, job.runAfter, job.createdAt, job.updatedAt,
                 job.finishedAt, domain::toString(job.nextStep), domain::toString(job.kind),
                 unlessEmpty(job.prospectId), unlessEmpty(job.campaignId))
        .execute();
    // A job may start part-way: a campaign prospect's lead magnet has its research already.
    for (const auto& step : job.steps) {
        Query(statements_,
              "INSERT INTO job_steps (job_id, name, status, started_at, completed_at, failed_at, "
              "progress, error, output_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            .bindAll(job.id, domain::toString(step.name), domain::toString(step.status),
                     step.startedAt, step.completedAt, step.failedAt, step.progress, step.error,
                     step.outputJson)
            .execute();
    }
}

std::vector<domain::JobStep> SqlJobs::stepsOf(const std::string& jobId) {
    Query query(statements_,
                "SELECT name, status, started_at, completed_at, failed_at, progress, error, "
                "output_json FROM job_steps WHERE job_id = ?");
    query.bind(jobId);
    std::vector<domain::JobStep> steps;
    query.forEachRow([&](const Row& row) { steps.push_back(toStep(row)); });
    std::sort(steps.begin(), steps.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    return steps;
}

std::optional<domain::Job> SqlJobs::findWhere(const std::string& sql, const std::string& value) {
    std::optional<domain::Job> job;
    {
        Query query(statements_, sql);
        job = query.bind(value).firstRow(toJob);
    }
    if (job) job->steps = stepsOf(job->id);
    return job;
}

// Built once each: find() runs for every claim and every status poll.
std::optional<domain::Job> SqlJobs::find(const std::string& id) {
    static const std::string sql = selectJobsWhere("id");
    return findWhere(sql, id);
}

std::optional<domain::Job> SqlJobs::findByLead(const std::string& leadId) {
    static const std::string sql = selectJobsWhere("lead_id");
    return findWhere(sql, leadId);
}

std::optional<domain::Job> SqlJobs::findByProspect(const std::string& prospectId) {
    static const std::string sql = selectJobsWhere("prospect_id");
    return findWhere(sql, prospectId);
}

bool SqlJobs::requeueFailed(const std::string& id, std::int64_t newCharge, Timestamp now) {
    int changed = Query(statements_,
                        "UPDATE jobs SET status = 'queued', error = NULL, "
                        "retry_count = retry_count + 1, credits_charged = ?, lease_owner = NULL, "
                        "lease_expires_at = NULL, run_after = ?, updated_at = ?, "
                        "finished_at = NULL WHERE id = ? AND status = 'failed'")
                      .bindAll(newCharge, now, now, id)
                      .execute();
    if (changed == 0) return false;
    Query(statements_, "DELETE FROM job_steps WHERE job_id = ? AND status = 'failed'")
        .bind(id)
        .execute();
    return true;
}

std::int64_t SqlJobs::releaseCharge(const std::string& id, Timestamp now) {
    std::optional<std::int64_t> charged;
    {
        Query select(statements_, "SELECT credits_charged FROM jobs WHERE id = ?");
        charged =
            select.bind(id).firstRow([](const Row& row) { return row.integer("credits_charged"); });
    }
    if (!charged) throw NotFound("no job with id " + id);
    if (*charged == 0) return 0;
    int changed = Query(statements_,
                        "UPDATE jobs SET credits_charged = 0, updated_at = ? "
                        "WHERE id = ? AND credits_charged = ?")
                      .bindAll(now, id, *charged)
                      .execute();
    return changed == 1 ? *charged : 0;
}

std::optional<std::int64_t> SqlJobs::typicalStepMillis(domain::StepName step, int sample) {
    Query query(statements_,
                "SELECT COUNT(*) AS n, AVG(completed_at - started_at) AS mean FROM "
                "(SELECT s.completed_at, s.started_at FROM job_steps s JOIN jobs j "
                "ON j.id = s.job_id WHERE s.name = ? AND s.status = 'completed' "
                "AND j.kind = 'lead_magnet' ORDER BY s.completed_at DESC LIMIT ?) AS recent");
    query.bindAll(domain::toString(step), sample);
    return query
        .firstRow([](const Row& row) -> std::optional<std::int64_t> {
            if (row.integer("n") == 0) return std::nullopt;
            return static_cast<std::int64_t>(row.number("mean"));
        })
        .value_or(std::nullopt);
}

std::vector<domain::Job> SqlJobs::page(const JobFilter& filter, const PageRequest& page) {
    Conditions where;
    where.add("project_id = ?");
    if (filter.status) where.add("status = ?");
    where.startOf(page);
    std::vector<domain::Job> jobs;
    {
        Query query(statements_, std::string("SELECT ") + kJobColumns + " FROM jobs" +
                                     where.text() + kNewestFirst);
        query.bind(filter.projectId);
        if (filter.status) query.bind(domain::toString(*filter.status));
        bindPage(query, page);
        query.forEachRow([&](const Row& row) { jobs.push_back(toJob(row)); });
    }
    for (auto& job : jobs) job.steps = stepsOf(job.id);
    return jobs;
}

}  // namespace lodestone::storage::sql
