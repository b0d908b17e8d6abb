#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {

void SqliteLeads::insert(const domain::Lead& lead) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO leads (id, organisation_id, project_id, email, fields_json, "
                 "lead_magnet_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        bind(lead.id), bind(lead.organisationId), bind(lead.projectId), bind(lead.email),
        bind(lead.fieldsJson), bind(lead.leadMagnetUrl), bind(lead.createdAt);
    statement.execute();
}

std::optional<domain::Lead> SqliteLeads::find(const std::string& id) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT id, organisation_id, project_id, email, fields_json, lead_magnet_url, "
                 "created_at FROM leads WHERE id = ?",
        bind(id);
    return firstRow(statement, [](const Row& row) {
        return domain::Lead{row.text("id"),           row.text("organisation_id"),
                            row.text("project_id"),   row.text("email"),
                            row.text("fields_json"),  row.text("lead_magnet_url"),
                            row.integer("created_at")};
    });
}

void SqliteLeads::setPage(const std::string& id, const std::string& html) {
    Poco::Data::Statement statement(session_);
    statement << "UPDATE leads SET page_html = ? WHERE id = ?", bind(html), bind(id);
    statement.execute();
}

std::optional<std::string> SqliteLeads::page(const std::string& id) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT page_html FROM leads WHERE id = ?", bind(id);
    return firstRow(statement, [](const Row& row) { return row.optionalText("page_html"); })
        .value_or(std::nullopt);
}

}  // namespace lodestone::storage::sqlite
