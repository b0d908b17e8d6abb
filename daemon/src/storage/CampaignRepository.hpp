#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

using domain::Timestamp;

class CampaignRepository {
  public:
    virtual ~CampaignRepository() = default;
    virtual void insert(const domain::Campaign& campaign) = 0;  // Conflict: name taken in org
    // Writes every setting but pausedAt, which only pause() and resume() change: a settings
    // form saved while someone pauses the campaign leaves it paused.
    virtual void update(const domain::Campaign& campaign) = 0;  // NotFound
    // Pauses the campaign as of `at`; one already paused keeps the time it was first paused.
    // Returns when it was paused. NotFound.
    virtual Timestamp pause(const std::string& id, Timestamp at) = 0;
    // Makes the campaign active again (pausedAt none); nothing changes for an active one.
    // NotFound.
    virtual void resume(const std::string& id) = 0;
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
