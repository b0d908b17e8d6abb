#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/Records.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Why an organisation's balance changed; every change is also written to a ledger.
enum class CreditReason { Grant, Adjustment, Generation, Refund };

struct CreditChange {
    std::string organisationId;
    std::int64_t delta = 0;  // negative takes credits
    CreditReason reason = CreditReason::Adjustment;
    std::optional<std::string> jobId;
    Timestamp at = 0;
};

class OrganisationRepository {
  public:
    virtual ~OrganisationRepository() = default;
    virtual void insert(const domain::Organisation& organisation) = 0;  // Conflict: name taken
    virtual std::optional<domain::Organisation> find(const std::string& id) = 0;
    virtual std::optional<domain::Organisation> findByName(const std::string& name) = 0;
    virtual std::vector<domain::Organisation> list() = 0;
    // Applies the change, records it in the ledger and returns the new balance. NotFound for an
    // unknown organisation; InsufficientCredits if the balance would go below zero.
    virtual std::int64_t changeCredits(const CreditChange& change) = 0;
};

}  // namespace lodestone::storage
