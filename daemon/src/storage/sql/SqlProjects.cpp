#include "storage/StorageError.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns =
    "id, organisation_id, name, schema_json, lead_magnet_host, credits_per_generation, "
    "settings_json, created_at, updated_at";

domain::Project toProject(const Row& row) {
    domain::Project project;
    project.id = row.text("id");
    project.organisationId = row.text("organisation_id");
    project.name = row.text("name");
    project.schema = domain::ProjectSchema::fromJson(row.text("schema_json"));
    project.leadMagnetHost = row.optionalText("lead_magnet_host");
    project.creditsPerGeneration = row.integer("credits_per_generation");
    project.settingsJson = row.text("settings_json");
    project.createdAt = row.integer("created_at");
    project.updatedAt = row.integer("updated_at");
    return project;
}

}  // namespace

void SqlProjects::insert(const domain::Project& project) {
    static const std::string sql =
        "INSERT INTO projects (" + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(project.id, project.organisationId, project.name, project.schema.toJson(),
                     project.leadMagnetHost, project.creditsPerGeneration, project.settingsJson,
                     project.createdAt, project.updatedAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("organisation " + project.organisationId +
                       " does not exist or already has a project named \"" + project.name + "\"");
    }
}

void SqlProjects::update(const domain::Project& project) {
    int changed = 0;
    try {
        changed = Query(statements_,
                        "UPDATE projects SET name = ?, schema_json = ?, lead_magnet_host = ?, "
                        "credits_per_generation = ?, settings_json = ?, updated_at = ? "
                        "WHERE id = ?")
                      .bindAll(project.name, project.schema.toJson(), project.leadMagnetHost,
                               project.creditsPerGeneration, project.settingsJson,
                               project.updatedAt, project.id)
                      .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("another project of this organisation is named \"" + project.name + "\"");
    }
    if (changed == 0) throw NotFound("no project with id " + project.id);
}

std::optional<domain::Project> SqlProjects::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM projects WHERE id = ?";
    Query query(statements_, sql);
    return query.bind(id).firstRow(toProject);
}

std::optional<domain::Project> SqlProjects::findByName(const std::string& organisationId,
                                                       const std::string& name) {
    static const std::string sql =
        "SELECT " + kColumns + " FROM projects WHERE organisation_id = ? AND name = ?";
    Query query(statements_, sql);
    return query.bindAll(organisationId, name).firstRow(toProject);
}

std::vector<domain::Project> SqlProjects::list(const std::optional<std::string>& organisationId) {
    static const std::string sql =
        "SELECT " + kColumns +
        " FROM projects WHERE (CAST(? AS TEXT) IS NULL OR organisation_id = ?) "
        "ORDER BY created_at, id";
    Query query(statements_, sql);
    query.bindAll(organisationId, organisationId);
    std::vector<domain::Project> out;
    query.forEachRow([&](const Row& row) { out.push_back(toProject(row)); });
    return out;
}

std::vector<domain::Project> SqlProjects::page(const std::string& organisationId,
                                               const std::optional<std::string>& apiKeyId,
                                               const PageRequest& page) {
    // A key restricted to some projects has them in api_key_projects; an unrestricted one has
    // none there.
    Conditions where;
    where.add("organisation_id = ?");
    if (apiKeyId) {
        where.add(
            "(NOT EXISTS (SELECT 1 FROM api_key_projects WHERE api_key_id = ?) OR id IN "
            "(SELECT project_id FROM api_key_projects WHERE api_key_id = ?))");
    }
    where.startOf(page);
    Query query(statements_, "SELECT " + kColumns + " FROM projects" + where.text() + kNewestFirst);
    query.bind(organisationId);
    if (apiKeyId) query.bindAll(*apiKeyId, *apiKeyId);
    bindPage(query, page);
    std::vector<domain::Project> out;
    query.forEachRow([&](const Row& row) { out.push_back(toProject(row)); });
    return out;
}

}  // namespace lodestone::storage::sql
