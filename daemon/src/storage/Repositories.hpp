#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"

// One repository per aggregate. Handlers and services talk to these, never to SQL. Every
// method runs on the connection of the Store call that handed the repositories out, so several
// calls inside one Store::write() are one transaction.
namespace lodestone::storage {

using domain::Timestamp;

class OrganisationRepository {
  public:
    virtual ~OrganisationRepository() = default;
    virtual void insert(const domain::Organisation& organisation) = 0;  // Conflict: name taken
    virtual std::optional<domain::Organisation> find(const std::string& id) = 0;
    virtual std::optional<domain::Organisation> findByName(const std::string& name) = 0;
    virtual std::vector<domain::Organisation> list() = 0;
    // Adds `delta` (negative to take credits) and returns the new balance. NotFound for an
    // unknown organisation; Conflict if the balance would go below zero.
    virtual std::int64_t addCredits(const std::string& id, std::int64_t delta, Timestamp now) = 0;
};

class ProjectRepository {
  public:
    virtual ~ProjectRepository() = default;
    virtual void insert(const domain::Project& project) = 0;  // Conflict: name taken in org
    virtual void update(const domain::Project& project) = 0;  // NotFound
    virtual std::optional<domain::Project> find(const std::string& id) = 0;
    virtual std::optional<domain::Project> findByName(const std::string& organisationId,
                                                      const std::string& name) = 0;
    // Every project, or only one organisation's.
    virtual std::vector<domain::Project> list(const std::optional<std::string>& organisationId) = 0;
};

class CampaignRepository {
  public:
    virtual ~CampaignRepository() = default;
    virtual void insert(const domain::Campaign& campaign) = 0;  // Conflict: name taken in org
    virtual void update(const domain::Campaign& campaign) = 0;  // NotFound
    virtual std::optional<domain::Campaign> find(const std::string& id) = 0;
    virtual std::optional<domain::Campaign> findByName(const std::string& organisationId,
                                                       const std::string& name) = 0;
    virtual std::vector<domain::Campaign> list(
        const std::optional<std::string>& organisationId) = 0;
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
};

// The repositories of one connection.
class Repositories {
  public:
    virtual ~Repositories() = default;
    virtual OrganisationRepository& organisations() = 0;
    virtual ProjectRepository& projects() = 0;
    virtual CampaignRepository& campaigns() = 0;
    virtual ApiKeyRepository& apiKeys() = 0;
};

}  // namespace lodestone::storage
