#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Jobs.hpp"

namespace lodestone::storage {

using domain::Timestamp;

class LeadRepository {
  public:
    virtual ~LeadRepository() = default;
    virtual void insert(const domain::Lead& lead) = 0;
    virtual std::optional<domain::Lead> find(const std::string& id) = 0;
    // The lead made for a campaign prospect (there is at most one).
    virtual std::optional<domain::Lead> findByProspect(const std::string& prospectId) = 0;
    // The finished lead-magnet page (HTML), once finalization stored it.
    virtual void setPage(const std::string& id, const std::string& html) = 0;
    virtual std::optional<std::string> page(const std::string& id) = 0;

    // A person viewed the page: counted, and true when it was the first view (one caller wins
    // when two first views race).
    virtual bool recordView(const std::string& id, Timestamp at) = 0;
    virtual void recordCtaClick(const std::string& id, Timestamp at) = 0;
    virtual domain::PageActivity activity(const std::string& id) = 0;
    // The organisation's leads with this address (any case), newest first.
    virtual std::vector<domain::Lead> withEmail(const std::string& organisationId,
                                                const std::string& emailKey) = 0;
};

}  // namespace lodestone::storage
