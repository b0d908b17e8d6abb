// Scheduled emails of prospects' sequences, and each campaign's sending day.
#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

using domain::EmailSendStatus;

const std::string kColumns =
    "id, organisation_id, campaign_id, prospect_id, step, status, due_at, attempt_count, "
    "message_id, lease_owner, lease_expires_at, sent_at, last_error, smtp_reply, created_at, "
    "updated_at, waiting_for";

domain::EmailSend toSend(const Row& row) {
    domain::EmailSend send;
    send.id = row.text("id");
    send.organisationId = row.text("organisation_id");
    send.campaignId = row.text("campaign_id");
    send.prospectId = row.text("prospect_id");
    send.step = static_cast<int>(row.integer("step"));
    auto status = domain::emailSendStatusFromString(row.text("status"));
    if (!status) throw StorageError("unexpected email send status: " + row.text("status"));
    send.status = *status;
    send.dueAt = row.integer("due_at");
    send.attemptCount = static_cast<int>(row.integer("attempt_count"));
    send.messageId = row.text("message_id");
    send.leaseOwner = row.optionalText("lease_owner");
    send.leaseExpiresAt = row.optionalInteger("lease_expires_at");
    send.sentAt = row.optionalInteger("sent_at");
    send.lastError = row.optionalText("last_error");
    send.smtpReply = row.optionalText("smtp_reply");
    send.createdAt = row.integer("created_at");
    send.updatedAt = row.integer("updated_at");
    send.waitingFor = row.optionalText("waiting_for");
    return send;
}

std::string statusName(EmailSendStatus status) {
    return std::string(domain::toString(status));
}

}  // namespace

void SqlEmailSends::insert(const domain::EmailSend& send) {
    static const std::string sql = "INSERT INTO email_sends (" + kColumns +
                                   ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(send.id, send.organisationId, send.campaignId, send.prospectId, send.step,
                     statusName(send.status), send.dueAt, send.attemptCount, send.messageId,
                     send.leaseOwner, send.leaseExpiresAt, send.sentAt, send.lastError,
                     send.smtpReply, send.createdAt, send.updatedAt, send.waitingFor)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("prospect " + send.prospectId + " already has email step " +
                       std::to_string(send.step + 1));
    }
}

std::optional<domain::EmailSend> SqlEmailSends::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM email_sends WHERE id = ?";
    Query select(statements_, sql);
    return select.bind(id).firstRow(toSend);
}

std::optional<domain::EmailSend> SqlEmailSends::findByMessageId(const std::string& messageId) {
    static const std::string sql = "SELECT " + kColumns + " FROM email_sends WHERE message_id = ?";
    Query select(statements_, sql);
    return select.bind(messageId).firstRow(toSend);
}

std::vector<domain::EmailSend> SqlEmailSends::listForProspect(const std::string& prospectId) {
    static const std::string sql =
        "SELECT " + kColumns + " FROM email_sends WHERE prospect_id = ? ORDER BY step";
    Query select(statements_, sql);
    select.bind(prospectId);
    std::vector<domain::EmailSend> sends;
    select.forEachRow([&](const Row& row) { sends.push_back(toSend(row)); });
    return sends;
}

namespace {

// A paused campaign's sends (they stay pending, due as they were), by one primary-key look per
// due send the walk of email_sends_due meets.
const char* const kNotPaused =
    " AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = email_sends.campaign_id AND "
    "c.paused_at IS NOT NULL)";

// A campaign whose cap is spent or whose gap has not passed, or that is paused, is left out
// here, so its waiting sends never crowd out another campaign's within the limit. `locking`:
// FOR UPDATE SKIP LOCKED.
std::string dueSql(Dialect dialect, bool locking) {
    return "SELECT " + kColumns + " FROM email_sends" + indexedBy(dialect, "email_sends_due") +
           " WHERE status = 'pending' AND lease_owner IS NULL AND due_at <= ? AND NOT EXISTS "
           "(SELECT 1 FROM campaign_sending_days d WHERE d.campaign_id = "
           "email_sends.campaign_id AND CASE WHEN email_sends.attempt_count = 0 THEN "
           "d.next_first_send_at ELSE d.next_send_at END > ?)" +
           kNotPaused + " ORDER BY due_at LIMIT ?" +
           (locking ? skipLocked(dialect, "email_sends") : "");
}

}  // namespace

std::vector<domain::EmailSend> SqlEmailSendQueue::due(Timestamp now, int limit) {
    const std::string& sql =
        perDialect(statements_.dialect(), [](Dialect dialect) { return dueSql(dialect, false); });
    return dueSends(sql, now, limit);
}

std::vector<domain::EmailSend> SqlEmailSendQueue::claimable(Timestamp now, int limit) {
    const std::string& sql =
        perDialect(statements_.dialect(), [](Dialect dialect) { return dueSql(dialect, true); });
    return dueSends(sql, now, limit);
}

std::vector<domain::EmailSend> SqlEmailSendQueue::dueSends(const std::string& sql, Timestamp now,
                                                           int limit) {
    Query select(statements_, sql);
    select.bindAll(now, now, limit);
    std::vector<domain::EmailSend> sends;
    select.forEachRow([&](const Row& row) { sends.push_back(toSend(row)); });
    return sends;
}

std::optional<Timestamp> SqlEmailSendQueue::nextDue() {
    // A paused campaign's sends are not due until it is resumed (which the next poll sees), so
    // a send overdue while paused does not wake the engine again and again.
    const std::string& sql = perDialect(statements_.dialect(), [](Dialect dialect) {
        return "SELECT MIN(" +
               larger(dialect, "s.due_at",
                      "COALESCE(CASE WHEN s.attempt_count = 0 THEN d.next_first_send_at ELSE "
                      "d.next_send_at END, 0)") +
               ") AS due FROM email_sends s" + indexedBy(dialect, "email_sends_due") +
               " LEFT JOIN campaign_sending_days d ON d.campaign_id = s.campaign_id WHERE "
               "s.status = 'pending' AND s.lease_owner IS NULL AND NOT EXISTS (SELECT 1 FROM "
               "campaigns c WHERE c.id = s.campaign_id AND c.paused_at IS NOT NULL)";
    });
    Query select(statements_, sql);
    return select.firstRow([](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

bool SqlEmailSendQueue::lease(const std::string& id, const std::string& owner, Timestamp leaseUntil,
                              Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET lease_owner = ?, lease_expires_at = ?, "
                 "attempt_count = attempt_count + 1, waiting_for = NULL, updated_at = ? "
                 "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL")
               .bindAll(owner, leaseUntil, now, id)
               .execute() > 0;
}

bool SqlEmailSendQueue::postpone(const std::string& id, Timestamp dueAt, Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET due_at = ?, updated_at = ? "
                 "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL")
               .bindAll(dueAt, now, id)
               .execute() > 0;
}

bool SqlEmailSendQueue::holdForLeadMagnet(const std::string& id, Timestamp recheckAt,
                                          Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET due_at = ?, waiting_for = 'lead_magnet', updated_at = ? "
                 "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL AND NOT EXISTS "
                 "(SELECT 1 FROM leads JOIN jobs ON jobs.lead_id = leads.id "
                 "WHERE leads.prospect_id = email_sends.prospect_id AND jobs.status = 'completed')")
               .bindAll(recheckAt, now, id)
               .execute() > 0;
}

int SqlEmailSendQueue::releaseHeld(const std::string& prospectId, Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET due_at = ?, waiting_for = NULL, updated_at = ? "
                 "WHERE prospect_id = ? AND status = 'pending' AND waiting_for IS NOT NULL")
        .bindAll(now, now, prospectId)
        .execute();
}

bool SqlEmailSendQueue::finishAttempt(const SendAttemptEnd& end) {
    const bool sent = end.status == EmailSendStatus::Sent;
    return Query(statements_,
                 "UPDATE email_sends SET status = ?, due_at = COALESCE(?, due_at), "
                 "lease_owner = NULL, lease_expires_at = NULL, "
                 "sent_at = CASE WHEN ? THEN ? ELSE sent_at END, last_error = ?, "
                 "smtp_reply = COALESCE(?, smtp_reply), updated_at = ? "
                 "WHERE id = ? AND lease_owner = ? AND attempt_count = ?")
               .bindAll(statusName(end.status), end.retryAt, sent ? 1 : 0, end.at, end.error,
                        end.smtpReply, end.at, end.sendId, end.owner, end.number)
               .execute() > 0;
}

bool SqlEmailSendQueue::release(const std::string& id, const std::string& owner, int number) {
    return Query(statements_,
                 "UPDATE email_sends SET lease_owner = NULL, lease_expires_at = NULL, "
                 "attempt_count = attempt_count - 1 "
                 "WHERE id = ? AND lease_owner = ? AND attempt_count = ?")
               .bindAll(id, owner, number)
               .execute() > 0;
}

bool SqlEmailSendQueue::end(const std::string& id, EmailSendStatus status,
                            const std::string& reason, Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET status = ?, last_error = ?, updated_at = ? "
                 "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL")
               .bindAll(statusName(status), reason, now, id)
               .execute() > 0;
}

int SqlEmailSends::cancelPending(const std::string& prospectId, const std::string& reason,
                                 Timestamp now) {
    return Query(statements_,
                 "UPDATE email_sends SET status = 'cancelled', last_error = ?, updated_at = ? "
                 "WHERE prospect_id = ? AND status = 'pending' AND lease_owner IS NULL")
        .bindAll(reason, now, prospectId)
        .execute();
}

std::optional<domain::SendingDay> SqlEmailSendQueue::sendingDay(const std::string& campaignId) {
    // Held to the end of the claim's transaction, past saveSendingDay: hosts claiming sends of
    // one campaign at once take its day's cap and gap in turn, so together they keep them.
    takeTurns(statements_, TurnsOn::SendingDay, campaignId);
    Query select(statements_,
                 "SELECT campaign_id, day_start, sends, last_send_at, next_send_at, "
                 "next_first_send_at FROM campaign_sending_days WHERE campaign_id = ?");
    return select.bind(campaignId).firstRow([](const Row& row) {
        domain::SendingDay day;
        day.campaignId = row.text("campaign_id");
        day.dayStart = row.integer("day_start");
        day.sends = static_cast<int>(row.integer("sends"));
        day.lastSendAt = row.optionalInteger("last_send_at");
        day.nextSendAt = row.integer("next_send_at");
        day.nextFirstSendAt = row.integer("next_first_send_at");
        return day;
    });
}

void SqlEmailSendQueue::saveSendingDay(const domain::SendingDay& day) {
    Query(statements_,
          "INSERT INTO campaign_sending_days (campaign_id, day_start, sends, last_send_at, "
          "next_send_at, next_first_send_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (campaign_id) "
          "DO UPDATE SET day_start = excluded.day_start, sends = excluded.sends, "
          "last_send_at = excluded.last_send_at, next_send_at = excluded.next_send_at, "
          "next_first_send_at = excluded.next_first_send_at")
        .bindAll(day.campaignId, day.dayStart, day.sends, day.lastSendAt, day.nextSendAt,
                 day.nextFirstSendAt)
        .execute();
}

void SqlEmailSendQueue::reopenSendingDay(const std::string& campaignId) {
    Query(statements_,
          "UPDATE campaign_sending_days SET next_send_at = 0, next_first_send_at = 0 "
          "WHERE campaign_id = ?")
        .bind(campaignId)
        .execute();
}

}  // namespace lodestone::storage::sql
