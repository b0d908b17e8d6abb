// One person's erasure (ErasureRepository.hpp). Rows are scrubbed in place rather than deleted:
// a campaign's totals count prospects by status, sends by outcome and pages by views, and the
// foreign keys between them stay whole. Every clear copy of the address or the name is
// overwritten; with SQLite's secure_delete the old bytes are zeroed too.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "domain/Random.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

// `text` as a LIKE pattern finding it anywhere. '%' and '_' in an address only widen the match,
// which for an erasure errs on the safe side.
std::string anywhere(const std::string& text) {
    return "%" + text + "%";
}

std::vector<std::string> ids(Statements& statements, const std::string& sql,
                             const std::string& organisationId, const std::string& emailKey) {
    std::vector<std::string> found;
    Query(statements, sql).bindAll(organisationId, emailKey).forEachRow([&](const Row& row) {
        found.push_back(row.text("id"));
    });
    return found;
}

// Work not done yet is given up (its lease dropped, so a running attempt's outcome is not
// recorded), and what research, scoring and content found is dropped. The job steps scrubbed.
int scrubJob(Statements& statements, const std::string& jobId, domain::Timestamp now) {
    Query(statements,
          "UPDATE jobs SET status = 'failed', retryable = 0, finished_at = ?, "
          "lease_owner = NULL, lease_expires_at = NULL "
          "WHERE id = ? AND status NOT IN ('completed', 'failed')")
        .bindAll(now, jobId)
        .execute();
    Query(statements, "UPDATE jobs SET error = NULL WHERE id = ?").bind(jobId).execute();
    return Query(statements,
                 "UPDATE job_steps SET output_json = NULL, error = NULL WHERE job_id = ?")
        .bind(jobId)
        .execute();
}

// The prospect becomes a tombstone; its history, emails and meetings keep no words of theirs.
void scrubProspect(Statements& statements, const std::string& id, domain::Timestamp now,
                   ErasureCounts& counts) {
    // The unique (campaign, address) key keeps a value of its own; the tokens change so that an
    // old link finds nothing.
    counts.prospects += Query(statements,
                              "UPDATE prospects SET email = '', email_key = ?, "
                              "company_name = '', contact_name = '', title = NULL, "
                              "domain = NULL, input_json = '{}', score_json = NULL, "
                              "error = NULL, booking_token = ?, unsubscribe_token = ?, "
                              "updated_at = ? WHERE id = ?")
                            .bindAll("erased:" + id, "erased-" + domain::randomAlphanumeric(32),
                                     "erased-" + domain::randomAlphanumeric(32), now, id)
                            .execute();
    Query(statements, "UPDATE prospect_transitions SET detail = NULL WHERE prospect_id = ?")
        .bind(id)
        .execute();
    Query(statements,
          "UPDATE email_sends SET status = 'cancelled', lease_owner = NULL, "
          "lease_expires_at = NULL, waiting_for = NULL, updated_at = ? "
          "WHERE prospect_id = ? AND status = 'pending'")
        .bindAll(now, id)
        .execute();
    counts.emailSends += Query(statements,
                               "UPDATE email_sends SET last_error = NULL, smtp_reply = NULL "
                               "WHERE prospect_id = ?")
                             .bind(id)
                             .execute();
    counts.meetings += Query(statements, "UPDATE meetings SET title = '' WHERE prospect_id = ?")
                           .bind(id)
                           .execute();
}

// Anything of the organisation's that names the person (`mention`, a LIKE pattern) forgets it.
void scrubMentions(Statements& statements, const std::string& organisationId,
                   const std::string& mention, domain::Timestamp now, ErasureCounts& counts) {
    // Attempts' errors first, while the events still name the person.
    Query(statements,
          "UPDATE webhook_attempts SET error = NULL WHERE delivery_id IN (SELECT id FROM "
          "webhook_outbox WHERE organisation_id = ? AND lower(payload_json) LIKE ?)")
        .bindAll(organisationId, mention)
        .execute();
    counts.webhookEvents +=
        Query(statements,
              "UPDATE webhook_outbox SET payload_json = '{\"erased\":true}', "
              "status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END, "
              "next_attempt_at = NULL, lease_owner = NULL, lease_expires_at = NULL, "
              "last_error = CASE WHEN status = 'pending' THEN 'erased before delivery' "
              "ELSE NULL END, updated_at = ? "
              "WHERE organisation_id = ? AND lower(payload_json) LIKE ?")
            .bindAll(now, organisationId, mention)
            .execute();
    counts.auditEntries +=
        Query(statements,
              "UPDATE audit_log SET detail = '(erased)', subject = CASE WHEN "
              "lower(subject) LIKE ? THEN '(erased)' ELSE subject END "
              "WHERE organisation_id = ? AND (lower(detail) LIKE ? OR lower(subject) LIKE ?)")
            .bindAll(mention, organisationId, mention, mention)
            .execute();
    counts.idempotentResponses +=
        Query(statements,
              "DELETE FROM idempotency_keys WHERE api_key_id IN (SELECT id FROM api_keys "
              "WHERE organisation_id = ?) AND lower(response_json) LIKE ?")
            .bindAll(organisationId, mention)
            .execute();
    // A rejection keeps no copy of the row, only its line, the column and the reason (migration
    // 0017); a reason (or column) that names the person loses its words, and the line stays
    // listed so the import's rejected rows still add up.
    counts.importRejections +=
        Query(statements,
              "UPDATE lead_import_rejections SET error = '(erased)', field = CASE WHEN "
              "lower(field) LIKE ? THEN NULL ELSE field END WHERE import_id IN (SELECT id FROM "
              "lead_imports WHERE organisation_id = ?) AND (lower(error) LIKE ? OR "
              "lower(field) LIKE ?)")
            .bindAll(mention, organisationId, mention, mention)
            .execute();
}

}  // namespace

ErasureCounts SqlErasure::erasePerson(const std::string& organisationId,
                                      const std::string& emailKey, domain::Timestamp now) {
    ErasureCounts counts;
    // Found before anything changes the keys they are found by.
    const auto prospects =
        ids(statements_, "SELECT id FROM prospects WHERE organisation_id = ? AND email_key = ?",
            organisationId, emailKey);
    // The person's leads are the prospects' own and every other the organisation holds for the
    // address (Generate Lead Magnet's, of any project): the prospect view and the access export
    // show them all as this person's, so the erasure takes them all.
    std::vector<std::string> leads =
        ids(statements_, "SELECT id FROM leads WHERE organisation_id = ? AND email_key = ?",
            organisationId, emailKey);
    for (const auto& id : prospects) {
        Query(statements_, "SELECT id FROM leads WHERE prospect_id = ?")
            .bind(id)
            .forEachRow([&](const Row& row) {
                if (std::find(leads.begin(), leads.end(), row.text("id")) == leads.end()) {
                    leads.push_back(row.text("id"));
                }
            });
    }
    // A set: a job is the prospect's or a lead's, but is scrubbed and counted once either way.
    std::set<std::string> jobs;
    const auto collectJobs = [&](const char* sql, const std::string& owner) {
        Query(statements_, sql).bind(owner).forEachRow([&](const Row& row) {
            jobs.insert(row.text("id"));
        });
    };
    for (const auto& id : prospects) collectJobs("SELECT id FROM jobs WHERE prospect_id = ?", id);
    for (const auto& id : leads) collectJobs("SELECT id FROM jobs WHERE lead_id = ?", id);

    std::vector<std::string> mentions = {anywhere(emailKey)};
    for (const auto& id : prospects) {
        mentions.push_back(anywhere(id));
        scrubProspect(statements_, id, now, counts);
    }
    for (const auto& id : leads) {
        mentions.push_back(anywhere(id));
        // The view and click counts stay; the page goes, so its address answers 404
        // (pages/LeadMagnetPageHandler.cpp).
        counts.leads += Query(statements_,
                              "UPDATE leads SET email = '', email_key = NULL, fields_json = '{}', "
                              "page_html = NULL WHERE id = ?")
                            .bind(id)
                            .execute();
    }
    for (const auto& id : jobs) counts.researchFindings += scrubJob(statements_, id, now);
    for (const auto& mention : mentions) {
        scrubMentions(statements_, organisationId, mention, now, counts);
    }
    return counts;
}

}  // namespace lodestone::storage::sql
