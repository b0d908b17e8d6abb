#include <Poco/StringTokenizer.h>

#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

std::string selectKeys(Dialect dialect) {
    return "SELECT k.id, k.organisation_id, k.name, k.key_hash, k.prefix, k.created_at, "
           "k.expires_at, k.revoked_at, k.last_used_at, (SELECT " +
           joinedByCommas(dialect, "p.project_id") +
           " FROM api_key_projects p WHERE p.api_key_id = k.id) AS project_ids FROM api_keys k "
           "WHERE ";
}

domain::ApiKey toApiKey(const Row& row) {
    domain::ApiKey key;
    key.id = row.text("id");
    key.organisationId = row.text("organisation_id");
    key.name = row.text("name");
    key.hash = row.text("key_hash");
    key.prefix = row.text("prefix");
    key.createdAt = row.integer("created_at");
    key.expiresAt = row.optionalInteger("expires_at");
    key.revokedAt = row.optionalInteger("revoked_at");
    key.lastUsedAt = row.optionalInteger("last_used_at");
    if (auto projects = row.optionalText("project_ids")) {
        Poco::StringTokenizer ids(*projects, ",", Poco::StringTokenizer::TOK_IGNORE_EMPTY);
        key.projectIds.assign(ids.begin(), ids.end());
    }
    return key;
}

}  // namespace

void SqlApiKeys::insert(const domain::ApiKey& key) {
    try {
        Query(statements_,
              "INSERT INTO api_keys (id, organisation_id, name, key_hash, prefix, created_at, "
              "expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .bindAll(key.id, key.organisationId, key.name, key.hash, key.prefix, key.createdAt,
                     key.expiresAt, key.revokedAt)
            .execute();
        insertProjects(key.id, key.projectIds);
    } catch (const ConstraintViolation&) {
        throw Conflict(
            "the API key could not be stored: its organisation or one of its "
            "projects does not exist, or the same key is already stored");
    }
}

void SqlApiKeys::insertProjects(const std::string& id, const std::vector<std::string>& projectIds) {
    for (const auto& projectId : projectIds) {
        Query(statements_, "INSERT INTO api_key_projects (api_key_id, project_id) VALUES (?, ?)")
            .bindAll(id, projectId)
            .execute();
    }
}

void SqlApiKeys::setProjects(const std::string& id, const std::vector<std::string>& projectIds) {
    if (!find(id)) throw NotFound("no API key with id " + id);
    Query(statements_, "DELETE FROM api_key_projects WHERE api_key_id = ?").bind(id).execute();
    try {
        insertProjects(id, projectIds);
    } catch (const ConstraintViolation&) {
        throw Conflict("one of the projects for API key " + id + " does not exist");
    }
}

std::vector<domain::ApiKey> SqlApiKeys::select(const std::string& where, const std::string& orderBy,
                                               const std::vector<std::string>& params) {
    // Each caller passes fixed texts, so this compiles a handful of statements, each kept.
    Query query(statements_, selectKeys(statements_.dialect()) + where + " ORDER BY " + orderBy);
    for (const auto& param : params) query.bind(param);
    std::vector<domain::ApiKey> out;
    query.forEachRow([&](const Row& row) { out.push_back(toApiKey(row)); });
    return out;
}

std::optional<domain::ApiKey> SqlApiKeys::find(const std::string& id) {
    auto keys = select("k.id = ?", "k.id", {id});
    if (keys.empty()) return std::nullopt;
    return keys.front();
}

std::optional<domain::ApiKey> SqlApiKeys::findByHash(const std::string& hash) {
    auto keys = select("k.key_hash = ?", "k.id", {hash});
    if (keys.empty()) return std::nullopt;
    return keys.front();
}

std::vector<domain::ApiKey> SqlApiKeys::findByName(const std::string& organisationId,
                                                   const std::string& name) {
    return select("k.organisation_id = ? AND k.name = ?", "k.created_at DESC, k.id",
                  {organisationId, name});
}

std::vector<domain::ApiKey> SqlApiKeys::list(const std::optional<std::string>& organisationId) {
    if (organisationId)
        return select("k.organisation_id = ?", "k.created_at, k.id", {*organisationId});
    return select("1 = 1", "k.created_at, k.id", {});
}

bool SqlApiKeys::revoke(const std::string& id, Timestamp now) {
    int changed =
        Query(statements_, "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
            .bindAll(now, id)
            .execute();
    if (changed == 1) return true;
    if (!find(id)) throw NotFound("no API key with id " + id);
    return false;
}

void SqlApiKeys::recordUses(const std::vector<KeyUse>& uses) {
    for (const auto& use : uses) {
        Query(statements_,
              "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND "
              "(last_used_at IS NULL OR last_used_at < ?)")
            .bindAll(use.at, use.apiKeyId, use.at)
            .execute();
    }
}

}  // namespace lodestone::storage::sql
