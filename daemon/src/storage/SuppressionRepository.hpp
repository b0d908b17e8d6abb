#pragma once

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"

namespace lodestone::storage {

// Addresses no campaign of an organisation emails again.
class SuppressionRepository {
  public:
    virtual ~SuppressionRepository() = default;
    // False when the address was already suppressed (the first reason stays).
    virtual bool add(const domain::Suppression& suppression) = 0;
    virtual std::optional<domain::Suppression> find(const std::string& organisationId,
                                                    const std::string& emailKey) = 0;
};

}  // namespace lodestone::storage
