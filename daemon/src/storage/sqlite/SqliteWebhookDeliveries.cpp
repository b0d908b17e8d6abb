// The webhook outbox: events, their delivery state and every attempt.
#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

const char* const kColumns =
    "id, organisation_id, campaign_id, event, payload_json, created_at, status, attempt_count, "
    "next_attempt_at, manual, delivered_at, last_error, updated_at, lease_owner, "
    "lease_expires_at";

const char* const kAttemptColumns =
    "delivery_id, number, url, manual, started_at, finished_at, outcome, status_code, "
    "latency_ms, error";

domain::WebhookDelivery toDelivery(const Row& row) {
    domain::WebhookDelivery delivery;
    delivery.id = row.text("id");
    delivery.organisationId = row.text("organisation_id");
    delivery.campaignId = row.text("campaign_id");
    delivery.event = row.text("event");
    delivery.payloadJson = row.text("payload_json");
    delivery.createdAt = row.integer("created_at");
    auto status = domain::deliveryStatusFromString(row.text("status"));
    if (!status) throw StorageError("unexpected delivery status: " + row.text("status"));
    delivery.status = *status;
    delivery.attemptCount = static_cast<int>(row.integer("attempt_count"));
    delivery.nextAttemptAt = row.optionalInteger("next_attempt_at");
    delivery.manual = row.integer("manual") != 0;
    delivery.deliveredAt = row.optionalInteger("delivered_at");
    delivery.lastError = row.optionalText("last_error");
    delivery.updatedAt = row.integer("updated_at");
    delivery.leaseOwner = row.optionalText("lease_owner");
    delivery.leaseExpiresAt = row.optionalInteger("lease_expires_at");
    return delivery;
}

domain::WebhookAttempt toAttempt(const Row& row) {
    domain::WebhookAttempt attempt;
    attempt.deliveryId = row.text("delivery_id");
    attempt.number = static_cast<int>(row.integer("number"));
    attempt.url = row.optionalText("url");
    attempt.manual = row.integer("manual") != 0;
    attempt.startedAt = row.integer("started_at");
    attempt.finishedAt = row.optionalInteger("finished_at");
    if (auto outcome = row.optionalText("outcome")) attempt.delivered = *outcome == "delivered";
    if (auto code = row.optionalInteger("status_code"))
        attempt.statusCode = static_cast<int>(*code);
    attempt.latencyMs = row.optionalInteger("latency_ms");
    attempt.error = row.optionalText("error");
    return attempt;
}

}  // namespace

void SqliteWebhookDeliveries::insert(const domain::OutboxEvent& event) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO webhook_outbox (id, organisation_id, campaign_id, event, "
                 "payload_json, created_at, status, next_attempt_at, updated_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
        bind(event.id), bind(event.organisationId), bind(event.campaignId), bind(event.event),
        bind(event.payloadJson), bind(event.createdAt), bind(event.createdAt),
        bind(event.createdAt);
    statement.execute();
}

std::optional<domain::WebhookDelivery> SqliteWebhookDeliveries::find(const std::string& id) {
    Poco::Data::Statement select(session_);
    select << "SELECT " << kColumns << " FROM webhook_outbox WHERE id = ?", bind(id);
    return firstRow(select, toDelivery);
}

std::vector<domain::WebhookDelivery> SqliteWebhookDeliveries::list(const DeliveryFilter& filter) {
    // Only the filters given become conditions, so SQLite can use the (campaign_id, status,
    // created_at) index; the values are bound, never spliced.
    std::string where;
    auto condition = [&](const char* text) {
        where += (where.empty() ? " WHERE " : " AND ") + std::string(text);
    };
    if (filter.organisationId) condition("organisation_id = ?");
    if (filter.campaignId) condition("campaign_id = ?");
    if (filter.status) condition("status = ?");
    Poco::Data::Statement select(session_);
    select << "SELECT " << kColumns << " FROM webhook_outbox" << where
           << " ORDER BY created_at DESC, id DESC LIMIT ?";
    if (filter.organisationId) select, bind(*filter.organisationId);
    if (filter.campaignId) select, bind(*filter.campaignId);
    if (filter.status) select, bind(std::string(domain::toString(*filter.status)));
    select, bind(filter.limit);
    std::vector<domain::WebhookDelivery> deliveries;
    forEachRow(select, [&](const Row& row) { deliveries.push_back(toDelivery(row)); });
    return deliveries;
}

std::vector<domain::WebhookAttempt> SqliteWebhookDeliveries::attempts(
    const std::string& deliveryId) {
    Poco::Data::Statement select(session_);
    select << "SELECT " << kAttemptColumns
           << " FROM webhook_attempts WHERE delivery_id = ? ORDER BY number",
        bind(deliveryId);
    std::vector<domain::WebhookAttempt> attempts;
    forEachRow(select, [&](const Row& row) { attempts.push_back(toAttempt(row)); });
    return attempts;
}

std::vector<domain::WebhookDelivery> SqliteWebhookDeliveries::claim(const std::string& owner,
                                                                    Timestamp now,
                                                                    Timestamp leaseExpiresAt,
                                                                    int limit) {
    std::vector<std::string> ids;
    Poco::Data::Statement select(session_);
    select << "SELECT id FROM webhook_outbox INDEXED BY webhook_outbox_due "
              "WHERE status = 'pending' AND lease_owner IS NULL "
              "AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?",
        bind(now), bind(limit);
    forEachRow(select, [&](const Row& row) { ids.push_back(row.text("id")); });

    std::vector<domain::WebhookDelivery> claimed;
    for (const auto& id : ids) {
        Poco::Data::Statement lease(session_);
        lease << "UPDATE webhook_outbox SET lease_owner = ?, lease_expires_at = ?, "
                 "attempt_count = attempt_count + 1, updated_at = ? "
                 "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL",
            bind(owner), bind(leaseExpiresAt), bind(now), bind(id);
        if (lease.execute() == 0) continue;
        // The URL is the campaign's at this moment: an operator who fixes a wrong URL fixes
        // every later attempt, and the record shows where each one went.
        Poco::Data::Statement started(session_);
        started << "INSERT INTO webhook_attempts (delivery_id, number, url, manual, started_at) "
                   "SELECT o.id, o.attempt_count, c.webhook_url, o.manual, ? "
                   "FROM webhook_outbox o JOIN campaigns c ON c.id = o.campaign_id WHERE o.id = ?",
            bind(now), bind(id);
        started.execute();
        claimed.push_back(*find(id));
    }
    return claimed;
}

std::optional<Timestamp> SqliteWebhookDeliveries::nextDue() {
    Poco::Data::Statement select(session_);
    select << "SELECT MIN(next_attempt_at) AS due FROM webhook_outbox INDEXED BY "
              "webhook_outbox_due WHERE status = 'pending' AND lease_owner IS NULL";
    return firstRow(select, [](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

bool SqliteWebhookDeliveries::finishAttempt(const AttemptOutcome& outcome) {
    const std::string status =
        outcome.delivered ? "delivered" : (outcome.retryAt ? "pending" : "failed");
    Poco::Data::Statement update(session_);
    update << "UPDATE webhook_outbox SET status = ?, next_attempt_at = ?, lease_owner = NULL, "
              "lease_expires_at = NULL, delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END, "
              "last_error = ?, updated_at = ? "
              "WHERE id = ? AND lease_owner = ? AND attempt_count = ?",
        bind(status), bind(nullable(outcome.retryAt)), bind(outcome.delivered ? 1 : 0),
        bind(outcome.finishedAt), bind(nullable(outcome.error)), bind(outcome.finishedAt),
        bind(outcome.deliveryId), bind(outcome.owner), bind(outcome.number);
    if (update.execute() == 0) return false;

    const std::optional<std::int64_t> statusCode =
        outcome.statusCode ? std::optional<std::int64_t>(*outcome.statusCode) : std::nullopt;
    Poco::Data::Statement attempt(session_);
    attempt << "UPDATE webhook_attempts SET finished_at = ?, outcome = ?, status_code = ?, "
               "latency_ms = ?, error = ? WHERE delivery_id = ? AND number = ?",
        bind(outcome.finishedAt), bind(std::string(outcome.delivered ? "delivered" : "failed")),
        bind(nullable(statusCode)), bind(nullable(outcome.latencyMs)),
        bind(nullable(outcome.error)), bind(outcome.deliveryId), bind(outcome.number);
    attempt.execute();
    return true;
}

bool SqliteWebhookDeliveries::release(const std::string& id, const std::string& owner, int number) {
    Poco::Data::Statement update(session_);
    update << "UPDATE webhook_outbox SET lease_owner = NULL, lease_expires_at = NULL, "
              "attempt_count = attempt_count - 1 "
              "WHERE id = ? AND lease_owner = ? AND attempt_count = ?",
        bind(id), bind(owner), bind(number);
    if (update.execute() == 0) return false;
    Poco::Data::Statement forget(session_);
    forget << "DELETE FROM webhook_attempts WHERE delivery_id = ? AND number = ?", bind(id),
        bind(number);
    forget.execute();
    return true;
}

std::vector<domain::WebhookDelivery> SqliteWebhookDeliveries::leased() {
    Poco::Data::Statement select(session_);
    select << "SELECT " << kColumns
           << " FROM webhook_outbox WHERE lease_owner IS NOT NULL ORDER BY lease_expires_at";
    std::vector<domain::WebhookDelivery> deliveries;
    forEachRow(select, [&](const Row& row) { deliveries.push_back(toDelivery(row)); });
    return deliveries;
}

bool SqliteWebhookDeliveries::redeliver(const std::string& id, Timestamp now) {
    Poco::Data::Statement update(session_);
    update << "UPDATE webhook_outbox SET status = 'pending', manual = 1, next_attempt_at = ?, "
              "updated_at = ? WHERE id = ? AND status IN ('delivered', 'failed')",
        bind(now), bind(now), bind(id);
    return update.execute() > 0;
}

}  // namespace lodestone::storage::sqlite
