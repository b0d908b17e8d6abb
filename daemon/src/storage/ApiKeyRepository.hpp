#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// A request authenticated with key `apiKeyId` at `at`.
struct KeyUse {
    std::string apiKeyId;
    Timestamp at = 0;
};

class ApiKeyRepository {
  public:
    virtual ~ApiKeyRepository() = default;
    virtual void insert(const domain::ApiKey& key) = 0;  // Conflict: hash already stored
    virtual std::optional<domain::ApiKey> find(const std::string& id) = 0;
    virtual std::optional<domain::ApiKey> findByHash(const std::string& hash) = 0;
    // Keys of that name in the organisation, newest first (revoked ones included).
    virtual std::vector<domain::ApiKey> findByName(const std::string& organisationId,
                                                   const std::string& name) = 0;
    virtual std::vector<domain::ApiKey> list(const std::optional<std::string>& organisationId) = 0;
    // Marks the key revoked; false if it was already revoked. NotFound for an unknown id.
    virtual bool revoke(const std::string& id, Timestamp now) = 0;
    // Replaces the projects a key is restricted to (empty: all of its organisation's).
    virtual void setProjects(const std::string& id, const std::vector<std::string>& projectIds) = 0;
    // Moves each key's last use forward to the time given (never back); unknown ids are skipped.
    virtual void recordUses(const std::vector<KeyUse>& uses) = 0;
};

}  // namespace lodestone::storage
