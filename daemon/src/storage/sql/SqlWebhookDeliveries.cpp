// The webhook outbox: events, their delivery state and every attempt.
#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns =
    "id, organisation_id, campaign_id, event, payload_json, created_at, status, attempt_count, "
    "next_attempt_at, manual, delivered_at, last_error, updated_at, lease_owner, "
    "lease_expires_at, endpoint_id";

const std::string kAttemptColumns =
    "delivery_id, number, url, manual, started_at, finished_at, outcome, status_code, "
    "latency_ms, error";

domain::WebhookDelivery toDelivery(const Row& row) {
    domain::WebhookDelivery delivery;
    delivery.id = row.text("id");
    delivery.organisationId = row.text("organisation_id");
    delivery.campaignId = row.optionalText("campaign_id");
    delivery.endpointId = row.optionalText("endpoint_id");
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

void SqlWebhookDeliveries::insert(const domain::OutboxEvent& event) {
    Query(statements_,
          "INSERT INTO webhook_outbox (id, organisation_id, campaign_id, endpoint_id, event, "
          "payload_json, created_at, status, next_attempt_at, updated_at) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)")
        .bindAll(event.id, event.organisationId, event.campaignId, event.endpointId, event.event,
                 event.payloadJson, event.createdAt, event.createdAt, event.createdAt)
        .execute();
}

std::optional<domain::WebhookDelivery> SqlWebhookDeliveries::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM webhook_outbox WHERE id = ?";
    Query select(statements_, sql);
    return select.bind(id).firstRow(toDelivery);
}

std::vector<domain::WebhookDelivery> SqlWebhookDeliveries::list(const DeliveryFilter& filter) {
    // Only the filters given become conditions, so SQLite can use the (campaign_id, status,
    // created_at) index; the values are bound, never spliced. At most 32 texts, each
    // compiled once and kept.
    const PageRequest page{filter.limit, filter.after};
    Conditions where;
    if (filter.organisationId) where.add("organisation_id = ?");
    if (filter.campaignId) where.add("campaign_id = ?");
    if (filter.endpointId) where.add("endpoint_id = ?");
    if (filter.status) where.add("status = ?");
    if (filter.mentioning) where.add("payload_json LIKE ? ESCAPE '\\'");
    where.startOf(page);
    Query select(statements_,
                 "SELECT " + kColumns + " FROM webhook_outbox" + where.text() + kNewestFirst);
    if (filter.organisationId) select.bind(*filter.organisationId);
    if (filter.campaignId) select.bind(*filter.campaignId);
    if (filter.endpointId) select.bind(*filter.endpointId);
    if (filter.status) select.bind(domain::toString(*filter.status));
    if (filter.mentioning) select.bind("%\"" + likeLiteral(*filter.mentioning) + "\"%");
    bindPage(select, page);
    std::vector<domain::WebhookDelivery> deliveries;
    select.forEachRow([&](const Row& row) { deliveries.push_back(toDelivery(row)); });
    return deliveries;
}

std::vector<domain::WebhookAttempt> SqlWebhookDeliveries::attempts(const std::string& deliveryId) {
    static const std::string sql = "SELECT " + kAttemptColumns +
                                   " FROM webhook_attempts WHERE delivery_id = ? ORDER BY number";
    Query select(statements_, sql);
    select.bind(deliveryId);
    std::vector<domain::WebhookAttempt> attempts;
    select.forEachRow([&](const Row& row) { attempts.push_back(toAttempt(row)); });
    return attempts;
}

std::vector<domain::WebhookDelivery> SqlWebhookDeliveryQueue::claim(const std::string& owner,
                                                                    Timestamp now,
                                                                    Timestamp leaseExpiresAt,
                                                                    int limit) {
    std::vector<std::string> ids;
    {
        const std::string& sql = perDialect(statements_.dialect(), [](Dialect dialect) {
            return "SELECT id FROM webhook_outbox" + indexedBy(dialect, "webhook_outbox_due") +
                   " WHERE status = 'pending' AND lease_owner IS NULL AND next_attempt_at <= ? "
                   "ORDER BY next_attempt_at, created_at LIMIT ?" +
                   skipLocked(dialect);
        });
        Query select(statements_, sql);
        select.bindAll(now, limit);
        select.forEachRow([&](const Row& row) { ids.push_back(row.text("id")); });
    }

    std::vector<domain::WebhookDelivery> claimed;
    for (const auto& id : ids) {
        int leased = Query(statements_,
                           "UPDATE webhook_outbox SET lease_owner = ?, lease_expires_at = ?, "
                           "attempt_count = attempt_count + 1, updated_at = ? "
                           "WHERE id = ? AND status = 'pending' AND lease_owner IS NULL")
                         .bindAll(owner, leaseExpiresAt, now, id)
                         .execute();
        if (leased == 0) continue;
        // The URL is the campaign's (or endpoint's) at this moment: an operator who fixes a
        // wrong URL fixes every later attempt, and the record shows where each one went.
        Query(statements_,
              "INSERT INTO webhook_attempts (delivery_id, number, url, manual, started_at) "
              "SELECT o.id, o.attempt_count, COALESCE(c.webhook_url, e.url), o.manual, ? "
              "FROM webhook_outbox o LEFT JOIN campaigns c ON c.id = o.campaign_id "
              "LEFT JOIN webhook_endpoints e ON e.id = o.endpoint_id WHERE o.id = ?")
            .bindAll(now, id)
            .execute();
        claimed.push_back(*deliveries_.find(id));
    }
    return claimed;
}

std::optional<Timestamp> SqlWebhookDeliveryQueue::nextDue() {
    const std::string& sql = perDialect(statements_.dialect(), [](Dialect dialect) {
        return "SELECT MIN(next_attempt_at) AS due FROM webhook_outbox" +
               indexedBy(dialect, "webhook_outbox_due") +
               " WHERE status = 'pending' AND lease_owner IS NULL";
    });
    Query select(statements_, sql);
    return select.firstRow([](const Row& row) { return row.optionalInteger("due"); })
        .value_or(std::nullopt);
}

bool SqlWebhookDeliveryQueue::finishAttempt(const AttemptOutcome& outcome) {
    const std::string status =
        outcome.delivered ? "delivered" : (outcome.retryAt ? "pending" : "failed");
    int finished =
        Query(statements_,
              "UPDATE webhook_outbox SET status = ?, next_attempt_at = ?, lease_owner = NULL, "
              "lease_expires_at = NULL, delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END, "
              "last_error = ?, updated_at = ? "
              "WHERE id = ? AND lease_owner = ? AND attempt_count = ?")
            .bindAll(status, outcome.retryAt, outcome.delivered ? 1 : 0, outcome.finishedAt,
                     outcome.error, outcome.finishedAt, outcome.deliveryId, outcome.owner,
                     outcome.number)
            .execute();
    if (finished == 0) return false;

    const std::optional<std::int64_t> statusCode =
        outcome.statusCode ? std::optional<std::int64_t>(*outcome.statusCode) : std::nullopt;
    Query(statements_,
          "UPDATE webhook_attempts SET finished_at = ?, outcome = ?, status_code = ?, "
          "latency_ms = ?, error = ? WHERE delivery_id = ? AND number = ?")
        .bindAll(outcome.finishedAt, outcome.delivered ? "delivered" : "failed", statusCode,
                 outcome.latencyMs, outcome.error, outcome.deliveryId, outcome.number)
        .execute();
    return true;
}

bool SqlWebhookDeliveryQueue::release(const std::string& id, const std::string& owner, int number) {
    int released = Query(statements_,
                         "UPDATE webhook_outbox SET lease_owner = NULL, lease_expires_at = NULL, "
                         "attempt_count = attempt_count - 1 "
                         "WHERE id = ? AND lease_owner = ? AND attempt_count = ?")
                       .bindAll(id, owner, number)
                       .execute();
    if (released == 0) return false;
    Query(statements_, "DELETE FROM webhook_attempts WHERE delivery_id = ? AND number = ?")
        .bindAll(id, number)
        .execute();
    return true;
}

bool SqlWebhookDeliveries::redeliver(const std::string& id, Timestamp now) {
    return Query(statements_,
                 "UPDATE webhook_outbox SET status = 'pending', manual = 1, next_attempt_at = ?, "
                 "updated_at = ? WHERE id = ? AND status IN ('delivered', 'failed')")
               .bindAll(now, now, id)
               .execute() > 0;
}

}  // namespace lodestone::storage::sql
