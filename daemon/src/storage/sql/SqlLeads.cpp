#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

void SqlLeads::insert(const domain::Lead& lead) {
    Query(statements_,
          "INSERT INTO leads (id, organisation_id, project_id, email, fields_json, "
          "lead_magnet_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bindAll(lead.id, lead.organisationId, lead.projectId, lead.email, lead.fieldsJson,
                 lead.leadMagnetUrl, lead.createdAt)
        .execute();
}

std::optional<domain::Lead> SqlLeads::find(const std::string& id) {
    Query query(statements_,
                "SELECT id, organisation_id, project_id, email, fields_json, lead_magnet_url, "
                "created_at FROM leads WHERE id = ?");
    return query.bind(id).firstRow([](const Row& row) {
        return domain::Lead{row.text("id"),           row.text("organisation_id"),
                            row.text("project_id"),   row.text("email"),
                            row.text("fields_json"),  row.text("lead_magnet_url"),
                            row.integer("created_at")};
    });
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

}  // namespace lodestone::storage::sql
