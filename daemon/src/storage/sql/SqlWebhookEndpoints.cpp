// The endpoints organisations subscribed to lifecycle events.
#include <Poco/NumberParser.h>
#include <Poco/StringTokenizer.h>

#include "domain/Text.hpp"
#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns =
    "id, organisation_id, project_id, url, secret, events, retry_schedule, created_at, "
    "disabled_at";

std::vector<std::string> items(const std::string& text) {
    Poco::StringTokenizer parts(
        text, ",", Poco::StringTokenizer::TOK_TRIM | Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    return {parts.begin(), parts.end()};
}

domain::WebhookEndpoint toEndpoint(const Row& row) {
    domain::WebhookEndpoint endpoint;
    endpoint.id = row.text("id");
    endpoint.organisationId = row.text("organisation_id");
    endpoint.projectId = row.optionalText("project_id");
    endpoint.url = row.text("url");
    endpoint.secret = row.text("secret");
    endpoint.events = items(row.text("events"));
    if (auto schedule = row.optionalText("retry_schedule")) {
        std::vector<std::int64_t> delays;
        for (const auto& item : items(*schedule))
            delays.push_back(Poco::NumberParser::parse64(item));
        endpoint.retryDelaysMs = std::move(delays);
    }
    endpoint.createdAt = row.integer("created_at");
    endpoint.disabledAt = row.optionalInteger("disabled_at");
    return endpoint;
}

}  // namespace

void SqlWebhookEndpoints::insert(const domain::WebhookEndpoint& endpoint) {
    std::optional<std::string> schedule;
    if (endpoint.retryDelaysMs) {
        std::vector<std::string> delays;
        for (auto delay : *endpoint.retryDelaysMs) delays.push_back(std::to_string(delay));
        schedule = domain::joined(delays, ",");
    }
    static const std::string sql =
        "INSERT INTO webhook_endpoints (" + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(endpoint.id, endpoint.organisationId, endpoint.projectId, endpoint.url,
                     endpoint.secret, domain::joined(endpoint.events, ","), schedule,
                     endpoint.createdAt, endpoint.disabledAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("organisation " + endpoint.organisationId +
                       " or its project does not exist, or endpoint " + endpoint.id +
                       " already does");
    }
}

std::optional<domain::WebhookEndpoint> SqlWebhookEndpoints::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM webhook_endpoints WHERE id = ?";
    Query select(statements_, sql);
    return select.bind(id).firstRow(toEndpoint);
}

std::vector<domain::WebhookEndpoint> SqlWebhookEndpoints::list(
    const std::optional<std::string>& organisationId) {
    static const std::string all =
        "SELECT " + kColumns + " FROM webhook_endpoints ORDER BY created_at, id";
    static const std::string ofOne = "SELECT " + kColumns +
                                     " FROM webhook_endpoints WHERE organisation_id = ? "
                                     "ORDER BY created_at, id";
    Query select(statements_, organisationId ? ofOne : all);
    if (organisationId) select.bind(*organisationId);
    std::vector<domain::WebhookEndpoint> endpoints;
    select.forEachRow([&](const Row& row) { endpoints.push_back(toEndpoint(row)); });
    return endpoints;
}

std::vector<domain::WebhookEndpoint> SqlWebhookEndpoints::enabled(
    const std::string& organisationId) {
    static const std::string sql = "SELECT " + kColumns +
                                   " FROM webhook_endpoints WHERE organisation_id = ? AND "
                                   "disabled_at IS NULL ORDER BY created_at, id";
    Query select(statements_, sql);
    select.bind(organisationId);
    std::vector<domain::WebhookEndpoint> endpoints;
    select.forEachRow([&](const Row& row) { endpoints.push_back(toEndpoint(row)); });
    return endpoints;
}

bool SqlWebhookEndpoints::disable(const std::string& id, Timestamp at) {
    return Query(
               statements_,
               "UPDATE webhook_endpoints SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL")
               .bindAll(at, id)
               .execute() > 0;
}

}  // namespace lodestone::storage::sql
