#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

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
    // A page of one organisation's campaigns, newest first.
    virtual std::vector<domain::Campaign> page(const std::string& organisationId,
                                               const PageRequest& page) = 0;
};

}  // namespace lodestone::storage
