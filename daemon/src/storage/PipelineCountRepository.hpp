#pragma once

#include <map>
#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

// What the dashboard's overview counts of one organisation.
struct PipelineCounts {
    std::map<std::string, int> jobsByStatus;       // created since the time asked for
    std::map<std::string, int> prospectsByStatus;  // all of them
    int failedDeliveries = 0;
};

class PipelineCountRepository {
  public:
    virtual ~PipelineCountRepository() = default;
    virtual PipelineCounts counts(const std::string& organisationId,
                                  domain::Timestamp jobsSince) = 0;
};

}  // namespace lodestone::storage
