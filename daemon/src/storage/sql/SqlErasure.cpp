// One person's erasure (ErasureRepository.hpp). Rows are scrubbed in place rather than deleted:
// a campaign's totals count prospects by status, sends by outcome and pages by views, and the
// foreign keys between them stay whole. Every clear copy of the address or the name is
// overwritten; with SQLite's secure_delete the old bytes are zeroed too.
#include "domain/Random.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

// `text` as a LIKE pattern finding it anywhere. '%' and '_' in an address only widen the match,
// which for an erasure errs on the safe side.
std::string anywhere(const std::string& text) {
    return "%" + text + "%";
}

}  // namespace

ErasureCounts SqlErasure::erasePerson(const std::string& organisationId,
                                      const std::string& emailKey, domain::Timestamp now) {
    ErasureCounts counts;
    std::vector<std::string> prospects;
    Query(statements_, "SELECT id FROM prospects WHERE organisation_id = ? AND email_key = ?")
        .bindAll(organisationId, emailKey)
        .forEachRow([&](const Row& row) { prospects.push_back(row.text("id")); });
    std::vector<std::string> mentions = {anywhere(emailKey)};
    for (const auto& id : prospects) {
        mentions.push_back(anywhere(id));
        Query(statements_, "SELECT id FROM leads WHERE prospect_id = ?")
            .bind(id)
            .forEachRow([&](const Row& row) { mentions.push_back(anywhere(row.text("id"))); });
    }
    for (const auto& id : prospects) {
        // The unique (campaign, address) key keeps a value of its own; the tokens change so
        // that an old link finds nothing.
        counts.prospects += Query(statements_,
                                  "UPDATE prospects SET email = '', email_key = ?, "
                                  "company_name = '', contact_name = '', title = NULL, "
                                  "domain = NULL, input_json = '{}', score_json = NULL, "
                                  "error = NULL, booking_token = ?, unsubscribe_token = ?, "
                                  "updated_at = ? WHERE id = ?")
                                .bindAll("erased:" + id, "erased-" + domain::randomAlphanumeric(32),
                                         "erased-" + domain::randomAlphanumeric(32), now, id)
                                .execute();
        Query(statements_, "UPDATE prospect_transitions SET detail = NULL WHERE prospect_id = ?")
            .bind(id)
            .execute();
        counts.leads += Query(statements_,
                              "UPDATE leads SET email = '', email_key = NULL, fields_json = '{}', "
                              "page_html = NULL WHERE prospect_id = ?")
                            .bind(id)
                            .execute();
        // Work not done yet is given up (its lease dropped, so a running attempt's outcome is
        // not recorded), and what research, scoring and content found is dropped.
        static const std::string ownJobs =
            "(prospect_id = ? OR lead_id IN (SELECT id FROM leads WHERE prospect_id = ?))";
        Query(statements_,
              "UPDATE jobs SET status = 'failed', retryable = 0, finished_at = ?, "
              "lease_owner = NULL, lease_expires_at = NULL WHERE " +
                  ownJobs + " AND status NOT IN ('completed', 'failed')")
            .bindAll(now, id, id)
            .execute();
        Query(statements_, "UPDATE jobs SET error = NULL WHERE " + ownJobs)
            .bindAll(id, id)
            .execute();
        counts.researchFindings += Query(statements_,
                                         "UPDATE job_steps SET output_json = NULL, error = NULL "
                                         "WHERE job_id IN (SELECT id FROM jobs WHERE " +
                                             ownJobs + ")")
                                       .bindAll(id, id)
                                       .execute();
        Query(statements_,
              "UPDATE email_sends SET status = 'cancelled', lease_owner = NULL, "
              "lease_expires_at = NULL, waiting_for = NULL, updated_at = ? "
              "WHERE prospect_id = ? AND status = 'pending'")
            .bindAll(now, id)
            .execute();
        counts.emailSends += Query(statements_,
                                   "UPDATE email_sends SET last_error = NULL, smtp_reply = NULL "
                                   "WHERE prospect_id = ?")
                                 .bind(id)
                                 .execute();
        counts.meetings +=
            Query(statements_, "UPDATE meetings SET title = '' WHERE prospect_id = ?")
                .bind(id)
                .execute();
    }
    for (const auto& mention : mentions) {
        // Attempts' errors first, while the events still name the person.
        Query(statements_,
              "UPDATE webhook_attempts SET error = NULL WHERE delivery_id IN (SELECT id FROM "
              "webhook_outbox WHERE organisation_id = ? AND lower(payload_json) LIKE ?)")
            .bindAll(organisationId, mention)
            .execute();
        counts.webhookEvents +=
            Query(statements_,
                  "UPDATE webhook_outbox SET payload_json = '{\"erased\":true}', "
                  "status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END, "
                  "next_attempt_at = NULL, lease_owner = NULL, lease_expires_at = NULL, "
                  "last_error = CASE WHEN status = 'pending' THEN 'erased before delivery' "
                  "ELSE NULL END, updated_at = ? "
                  "WHERE organisation_id = ? AND lower(payload_json) LIKE ?")
                .bindAll(now, organisationId, mention)
                .execute();
        counts.auditEntries +=
            Query(statements_,
                  "UPDATE audit_log SET detail = '(erased)', subject = CASE WHEN "
                  "lower(subject) LIKE ? THEN '(erased)' ELSE subject END "
                  "WHERE organisation_id = ? AND (lower(detail) LIKE ? OR lower(subject) LIKE ?)")
                .bindAll(mention, organisationId, mention, mention)
                .execute();
        counts.idempotentResponses +=
            Query(statements_,
                  "DELETE FROM idempotency_keys WHERE api_key_id IN (SELECT id FROM api_keys "
                  "WHERE organisation_id = ?) AND lower(response_json) LIKE ?")
                .bindAll(organisationId, mention)
                .execute();
    }
    return counts;
}

}  // namespace lodestone::storage::sql
