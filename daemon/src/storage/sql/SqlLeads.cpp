#include <Poco/String.h>

#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

void SqlLeads::insert(const domain::Lead& lead) {
    Query(statements_,
          "INSERT INTO leads (id, organisation_id, project_id, email, fields_json, "
          "lead_magnet_url, created_at, email_key, prospect_id) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bindAll(lead.id, lead.organisationId, lead.projectId, lead.email, lead.fieldsJson,
                 lead.leadMagnetUrl, lead.createdAt, Poco::toLower(lead.email), lead.prospectId)
        .execute();
}

namespace {

const std::string kLeadColumns =
    "id, organisation_id, project_id, email, fields_json, lead_magnet_url, created_at, "
    "prospect_id";

domain::Lead toLead(const Row& row) {
    return domain::Lead{row.text("id"),
                        row.text("organisation_id"),
                        row.text("project_id"),
                        row.text("email"),
                        row.text("fields_json"),
                        row.text("lead_magnet_url"),
                        row.integer("created_at"),
                        row.optionalText("prospect_id")};
}

}  // namespace

std::optional<domain::Lead> SqlLeads::find(const std::string& id) {
    static const std::string sql = "SELECT " + kLeadColumns + " FROM leads WHERE id = ?";
    Query query(statements_, sql);
    return query.bind(id).firstRow(toLead);
}

std::optional<domain::Lead> SqlLeads::findByProspect(const std::string& prospectId) {
    static const std::string sql = "SELECT " + kLeadColumns + " FROM leads WHERE prospect_id = ?";
    Query query(statements_, sql);
    return query.bind(prospectId).firstRow(toLead);
}

void SqlLeads::setPage(const std::string& id, const std::string& html) {
    Query(statements_, "UPDATE leads SET page_html = ? WHERE id = ?").bindAll(html, id).execute();
}

std::optional<std::string> SqlLeads::page(const std::string& id) {
    Query query(statements_, "SELECT page_html FROM leads WHERE id = ?");
    return query.bind(id)
        .firstRow([](const Row& row) { return row.optionalText("page_html"); })
        .value_or(std::nullopt);
}

bool SqlLeads::recordView(const std::string& id, Timestamp at) {
    // The guarded update decides the first view on either database, however views race.
    const bool first = Query(statements_,
                             "UPDATE leads SET first_viewed_at = ? "
                             "WHERE id = ? AND first_viewed_at IS NULL")
                           .bindAll(at, id)
                           .execute() > 0;
    Query(statements_,
          "UPDATE leads SET view_count = view_count + 1, last_viewed_at = ? WHERE id = ?")
        .bindAll(at, id)
        .execute();
    return first;
}

void SqlLeads::recordCtaClick(const std::string& id, Timestamp at) {
    Query(statements_,
          "UPDATE leads SET cta_clicks = cta_clicks + 1, last_cta_click_at = ? WHERE id = ?")
        .bindAll(at, id)
        .execute();
}

domain::PageActivity SqlLeads::activity(const std::string& id) {
    Query query(statements_,
                "SELECT view_count, first_viewed_at, last_viewed_at, cta_clicks, "
                "last_cta_click_at FROM leads WHERE id = ?");
    return query.bind(id)
        .firstRow([](const Row& row) {
            return domain::PageActivity{
                row.integer("view_count"), row.optionalInteger("first_viewed_at"),
                row.optionalInteger("last_viewed_at"), row.integer("cta_clicks"),
                row.optionalInteger("last_cta_click_at")};
        })
        .value_or(domain::PageActivity{});
}

std::vector<domain::Lead> SqlLeads::withEmail(const std::string& organisationId,
                                              const std::string& emailKey) {
    static const std::string sql = "SELECT " + kLeadColumns +
                                   " FROM leads WHERE organisation_id = ? AND email_key = ? "
                                   "ORDER BY created_at DESC, id DESC";
    Query query(statements_, sql);
    query.bindAll(organisationId, emailKey);
    std::vector<domain::Lead> leads;
    query.forEachRow([&](const Row& row) { leads.push_back(toLead(row)); });
    return leads;
}

}  // namespace lodestone::storage::sql
