#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

const char* const kColumns =
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

void SqliteProjects::insert(const domain::Project& project) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO projects (" << kColumns << ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        bind(project.id), bind(project.organisationId), bind(project.name),
        bind(project.schema.toJson()), bind(nullable(project.leadMagnetHost)),
        bind(project.creditsPerGeneration), bind(project.settingsJson), bind(project.createdAt),
        bind(project.updatedAt);
    try {
        statement.execute();
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("organisation " + project.organisationId +
                       " does not exist or already has a project named \"" + project.name + "\"");
    }
}

void SqliteProjects::update(const domain::Project& project) {
    Poco::Data::Statement statement(session_);
    statement << "UPDATE projects SET name = ?, schema_json = ?, lead_magnet_host = ?, "
                 "credits_per_generation = ?, settings_json = ?, updated_at = ? WHERE id = ?",
        bind(project.name), bind(project.schema.toJson()), bind(nullable(project.leadMagnetHost)),
        bind(project.creditsPerGeneration), bind(project.settingsJson), bind(project.updatedAt),
        bind(project.id);
    try {
        if (statement.execute() == 0) throw NotFound("no project with id " + project.id);
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("another project of this organisation is named \"" + project.name + "\"");
    }
}

std::optional<domain::Project> SqliteProjects::find(const std::string& id) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM projects WHERE id = ?", bind(id);
    return firstRow(statement, toProject);
}

std::optional<domain::Project> SqliteProjects::findByName(const std::string& organisationId,
                                                          const std::string& name) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM projects WHERE organisation_id = ? AND name = ?",
        bind(organisationId), bind(name);
    return firstRow(statement, toProject);
}

std::vector<domain::Project> SqliteProjects::list(
    const std::optional<std::string>& organisationId) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns
              << " FROM projects WHERE (? IS NULL OR organisation_id = ?) "
                 "ORDER BY created_at, id",
        bind(nullable(organisationId)), bind(nullable(organisationId));
    std::vector<domain::Project> out;
    forEachRow(statement, [&](const Row& row) { out.push_back(toProject(row)); });
    return out;
}

}  // namespace lodestone::storage::sqlite
