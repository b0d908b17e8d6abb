#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

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
    // A page of one organisation's projects, newest first; only those an API key may use when
    // `apiKeyId` names a key restricted to some projects.
    virtual std::vector<domain::Project> page(const std::string& organisationId,
                                              const std::optional<std::string>& apiKeyId,
                                              const PageRequest& page) = 0;
};

}  // namespace lodestone::storage
