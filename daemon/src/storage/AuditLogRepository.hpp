#pragma once

#include <string>
#include <vector>

#include "domain/Operators.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

// What operators changed in an organisation, for its dashboard's audit page.
class AuditLogRepository {
  public:
    virtual ~AuditLogRepository() = default;
    virtual void append(const domain::AuditEntry& entry) = 0;
    // Newest first.
    virtual std::vector<domain::AuditEntry> page(const std::string& organisationId,
                                                 const PageRequest& page) = 0;
};

}  // namespace lodestone::storage
