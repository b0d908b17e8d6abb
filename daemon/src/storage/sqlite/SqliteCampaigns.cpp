#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

const char* const kColumns =
    "id, organisation_id, name, webhook_url, calendar_url, webhook_secret, icp_json, "
    "created_at, updated_at, previous_webhook_secret, previous_secret_expires_at";

domain::Campaign toCampaign(const Row& row) {
    domain::Campaign campaign;
    campaign.id = row.text("id");
    campaign.organisationId = row.text("organisation_id");
    campaign.name = row.text("name");
    campaign.webhookUrl = row.optionalText("webhook_url");
    campaign.calendarUrl = row.optionalText("calendar_url");
    campaign.webhookSecret = row.text("webhook_secret");
    campaign.icpJson = row.optionalText("icp_json");
    campaign.createdAt = row.integer("created_at");
    campaign.updatedAt = row.integer("updated_at");
    campaign.previousWebhookSecret = row.optionalText("previous_webhook_secret");
    campaign.previousSecretExpiresAt = row.optionalInteger("previous_secret_expires_at");
    return campaign;
}

}  // namespace

void SqliteCampaigns::insert(const domain::Campaign& campaign) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO campaigns (" << kColumns
              << ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        bind(campaign.id), bind(campaign.organisationId), bind(campaign.name),
        bind(nullable(campaign.webhookUrl)), bind(nullable(campaign.calendarUrl)),
        bind(campaign.webhookSecret), bind(nullable(campaign.icpJson)), bind(campaign.createdAt),
        bind(campaign.updatedAt), bind(nullable(campaign.previousWebhookSecret)),
        bind(nullable(campaign.previousSecretExpiresAt));
    try {
        statement.execute();
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("organisation " + campaign.organisationId +
                       " does not exist or already has a campaign named \"" + campaign.name + "\"");
    }
}

void SqliteCampaigns::update(const domain::Campaign& campaign) {
    Poco::Data::Statement statement(session_);
    statement << "UPDATE campaigns SET name = ?, webhook_url = ?, calendar_url = ?, "
                 "webhook_secret = ?, icp_json = ?, updated_at = ?, previous_webhook_secret = ?, "
                 "previous_secret_expires_at = ? WHERE id = ?",
        bind(campaign.name), bind(nullable(campaign.webhookUrl)),
        bind(nullable(campaign.calendarUrl)), bind(campaign.webhookSecret),
        bind(nullable(campaign.icpJson)), bind(campaign.updatedAt),
        bind(nullable(campaign.previousWebhookSecret)),
        bind(nullable(campaign.previousSecretExpiresAt)), bind(campaign.id);
    try {
        if (statement.execute() == 0) throw NotFound("no campaign with id " + campaign.id);
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("another campaign of this organisation is named \"" + campaign.name + "\"");
    }
}

std::optional<domain::Campaign> SqliteCampaigns::find(const std::string& id) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM campaigns WHERE id = ?", bind(id);
    return firstRow(statement, toCampaign);
}

std::optional<domain::Campaign> SqliteCampaigns::findByName(const std::string& organisationId,
                                                            const std::string& name) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM campaigns WHERE organisation_id = ? AND name = ?",
        bind(organisationId), bind(name);
    return firstRow(statement, toCampaign);
}

std::vector<domain::Campaign> SqliteCampaigns::list(
    const std::optional<std::string>& organisationId) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns
              << " FROM campaigns WHERE (? IS NULL OR organisation_id = ?) "
                 "ORDER BY created_at, id",
        bind(nullable(organisationId)), bind(nullable(organisationId));
    std::vector<domain::Campaign> out;
    forEachRow(statement, [&](const Row& row) { out.push_back(toCampaign(row)); });
    return out;
}

}  // namespace lodestone::storage::sqlite
