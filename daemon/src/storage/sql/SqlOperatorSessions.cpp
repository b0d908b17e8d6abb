// Operators' sessions, the audit log and the overview's counts.
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlOperatorRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kSessionColumns =
    "token_hash, operator_id, csrf_token, created_at, last_seen_at, expires_at";
const std::string kAuditColumns = "id, organisation_id, actor, action, subject, detail, created_at";

domain::AuditEntry toEntry(const Row& row) {
    return {row.text("id"),           row.text("organisation_id"), row.text("actor"),
            row.text("action"),       row.text("subject"),         row.text("detail"),
            row.integer("created_at")};
}

}  // namespace

void SqlOperatorSessions::insert(const domain::OperatorSession& session) {
    static const std::string sql =
        "INSERT INTO operator_sessions (" + kSessionColumns + ") VALUES (?, ?, ?, ?, ?, ?)";
    Query(statements_, sql)
        .bindAll(session.tokenHash, session.operatorId, session.csrfToken, session.createdAt,
                 session.lastSeenAt, session.expiresAt)
        .execute();
}

std::optional<domain::OperatorSession> SqlOperatorSessions::find(const std::string& tokenHash) {
    static const std::string sql =
        "SELECT " + kSessionColumns + " FROM operator_sessions WHERE token_hash = ?";
    return Query(statements_, sql).bind(tokenHash).firstRow([](const Row& row) {
        return domain::OperatorSession{row.text("token_hash"),      row.text("operator_id"),
                                       row.text("csrf_token"),      row.integer("created_at"),
                                       row.integer("last_seen_at"), row.integer("expires_at")};
    });
}

void SqlOperatorSessions::touch(const std::string& tokenHash, domain::Timestamp lastSeenAt) {
    Query(statements_, "UPDATE operator_sessions SET last_seen_at = ? WHERE token_hash = ?")
        .bindAll(lastSeenAt, tokenHash)
        .execute();
}

void SqlOperatorSessions::remove(const std::string& tokenHash) {
    Query(statements_, "DELETE FROM operator_sessions WHERE token_hash = ?")
        .bind(tokenHash)
        .execute();
}

void SqlOperatorSessions::removeAllOf(const std::string& operatorId) {
    Query(statements_, "DELETE FROM operator_sessions WHERE operator_id = ?")
        .bind(operatorId)
        .execute();
}

int SqlOperatorSessions::removeExpired(domain::Timestamp before) {
    return Query(statements_, "DELETE FROM operator_sessions WHERE expires_at <= ?")
        .bind(before)
        .execute();
}

void SqlAuditLog::append(const domain::AuditEntry& entry) {
    static const std::string sql =
        "INSERT INTO audit_log (" + kAuditColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?)";
    Query(statements_, sql)
        .bindAll(entry.id, entry.organisationId, entry.actor, entry.action, entry.subject,
                 entry.detail, entry.createdAt)
        .execute();
}

std::vector<domain::AuditEntry> SqlAuditLog::page(const std::string& organisationId,
                                                  const PageRequest& page) {
    Conditions where;
    where.add("organisation_id = ?").startOf(page);
    Query query(statements_,
                "SELECT " + kAuditColumns + " FROM audit_log" + where.text() + kNewestFirst);
    query.bind(organisationId);
    bindPage(query, page);
    std::vector<domain::AuditEntry> out;
    query.forEachRow([&](const Row& row) { out.push_back(toEntry(row)); });
    return out;
}

PipelineCounts SqlPipelineCounts::counts(const std::string& organisationId,
                                         domain::Timestamp jobsSince) {
    PipelineCounts counts;
    {
        Query jobs(statements_,
                   "SELECT status, COUNT(*) AS n FROM jobs WHERE organisation_id = ? AND "
                   "created_at >= ? GROUP BY status");
        jobs.bindAll(organisationId, jobsSince);
        jobs.forEachRow([&](const Row& row) {
            counts.jobsByStatus[row.text("status")] = static_cast<int>(row.integer("n"));
        });
    }
    {
        Query prospects(statements_,
                        "SELECT status, COUNT(*) AS n FROM prospects WHERE organisation_id = ? "
                        "GROUP BY status");
        prospects.bind(organisationId);
        prospects.forEachRow([&](const Row& row) {
            counts.prospectsByStatus[row.text("status")] = static_cast<int>(row.integer("n"));
        });
    }
    Query failed(statements_,
                 "SELECT COUNT(*) AS n FROM webhook_outbox WHERE organisation_id = ? AND "
                 "status = 'failed'");
    failed.bind(organisationId);
    counts.failedDeliveries = static_cast<int>(
        failed.firstRow([](const Row& row) { return row.integer("n"); }).value_or(0));
    return counts;
}

}  // namespace lodestone::storage::sql
