#include "storage/StorageError.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns =
    "id, organisation_id, name, webhook_url, calendar_url, webhook_secret, icp_json, "
    "created_at, updated_at, previous_webhook_secret, previous_secret_expires_at, sequence_json, "
    "intake_secret, project_id, paused_at";

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
    campaign.sequenceJson = row.optionalText("sequence_json");
    campaign.intakeSecret = row.optionalText("intake_secret");
    campaign.projectId = row.optionalText("project_id");
    campaign.pausedAt = row.optionalInteger("paused_at");
    return campaign;
}

}  // namespace

void SqlCampaigns::insert(const domain::Campaign& campaign) {
    static const std::string sql = "INSERT INTO campaigns (" + kColumns +
                                   ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(campaign.id, campaign.organisationId, campaign.name, campaign.webhookUrl,
                     campaign.calendarUrl, campaign.webhookSecret, campaign.icpJson,
                     campaign.createdAt, campaign.updatedAt, campaign.previousWebhookSecret,
                     campaign.previousSecretExpiresAt, campaign.sequenceJson, campaign.intakeSecret,
                     campaign.projectId, campaign.pausedAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("organisation " + campaign.organisationId +
                       " does not exist or already has a campaign named \"" + campaign.name + "\"");
    }
}

void SqlCampaigns::update(const domain::Campaign& campaign) {
    int changed = 0;
    try {
        changed = Query(statements_,
                        "UPDATE campaigns SET name = ?, webhook_url = ?, calendar_url = ?, "
                        "webhook_secret = ?, icp_json = ?, updated_at = ?, "
                        "previous_webhook_secret = ?, previous_secret_expires_at = ?, "
                        "sequence_json = ?, intake_secret = ?, project_id = ? WHERE id = ?")
                      .bindAll(campaign.name, campaign.webhookUrl, campaign.calendarUrl,
                               campaign.webhookSecret, campaign.icpJson, campaign.updatedAt,
                               campaign.previousWebhookSecret, campaign.previousSecretExpiresAt,
                               campaign.sequenceJson, campaign.intakeSecret, campaign.projectId,
                               campaign.id)
                      .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("another campaign of this organisation is named \"" + campaign.name + "\"");
    }
    if (changed == 0) throw NotFound("no campaign with id " + campaign.id);
}

Timestamp SqlCampaigns::pause(const std::string& id, Timestamp at) {
    // COALESCE keeps the first pause's time, so pausing twice (two operators, a retried
    // request) changes nothing.
    Query(statements_, "UPDATE campaigns SET paused_at = COALESCE(paused_at, ?) WHERE id = ?")
        .bindAll(at, id)
        .execute();
    Query select(statements_, "SELECT paused_at FROM campaigns WHERE id = ?");
    auto pausedAt =
        select.bind(id).firstRow([](const Row& row) { return row.optionalInteger("paused_at"); });
    if (!pausedAt || !*pausedAt) throw NotFound("no campaign with id " + id);
    return **pausedAt;
}

void SqlCampaigns::resume(const std::string& id) {
    // Counted as matched even when already active, so a missing campaign is told apart.
    const int changed =
        Query(statements_, "UPDATE campaigns SET paused_at = NULL WHERE id = ?").bind(id).execute();
    if (changed == 0) throw NotFound("no campaign with id " + id);
}

std::optional<domain::Campaign> SqlCampaigns::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM campaigns WHERE id = ?";
    Query query(statements_, sql);
    return query.bind(id).firstRow(toCampaign);
}

std::optional<domain::Campaign> SqlCampaigns::findByName(const std::string& organisationId,
                                                         const std::string& name) {
    static const std::string sql =
        "SELECT " + kColumns + " FROM campaigns WHERE organisation_id = ? AND name = ?";
    Query query(statements_, sql);
    return query.bindAll(organisationId, name).firstRow(toCampaign);
}

std::vector<domain::Campaign> SqlCampaigns::list(const std::optional<std::string>& organisationId) {
    static const std::string sql =
        "SELECT " + kColumns +
        " FROM campaigns WHERE (CAST(? AS TEXT) IS NULL OR organisation_id = ?) "
        "ORDER BY created_at, id";
    Query query(statements_, sql);
    query.bindAll(organisationId, organisationId);
    std::vector<domain::Campaign> out;
    query.forEachRow([&](const Row& row) { out.push_back(toCampaign(row)); });
    return out;
}

std::vector<domain::Campaign> SqlCampaigns::page(const std::string& organisationId,
                                                 const PageRequest& page) {
    Conditions where;
    where.add("organisation_id = ?").startOf(page);
    Query query(statements_,
                "SELECT " + kColumns + " FROM campaigns" + where.text() + kNewestFirst);
    query.bind(organisationId);
    bindPage(query, page);
    std::vector<domain::Campaign> out;
    query.forEachRow([&](const Row& row) { out.push_back(toCampaign(row)); });
    return out;
}

}  // namespace lodestone::storage::sql
