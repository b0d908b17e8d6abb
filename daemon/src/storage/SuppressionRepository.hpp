#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/EmailSends.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

// Addresses and domains no campaign of an organisation emails (docs/lists.md). An address is
// found by the HMAC-SHA256 of its lowercased text under the organisation's own key
// (organisations.suppression_key), so that an erased person's entry still stops an address
// without keeping it; the clear text beside it is for display only.
class SuppressionRepository {
  public:
    virtual ~SuppressionRepository() = default;
    // Adds an address (by `address`) or a domain entry. False when one for the same address or
    // domain is already there (the first reason stays). An empty id is given one.
    virtual bool add(const domain::Suppression& suppression) = 0;
    // The entry that stops the lowercased `emailKey`: its own, else its domain's or a parent
    // domain's (the address's own entry first).
    virtual std::optional<domain::Suppression> find(const std::string& organisationId,
                                                    const std::string& emailKey) = 0;
    // The organisation's entries, newest first.
    virtual std::vector<domain::Suppression> page(const std::string& organisationId,
                                                  const PageRequest& page) = 0;
    // Lifts the entry of the lowercased address or domain; false when there was none. An
    // `erased` entry is never lifted.
    virtual bool removeAddress(const std::string& organisationId, const std::string& emailKey) = 0;
    virtual bool removeDomain(const std::string& organisationId, const std::string& domain) = 0;
    // The address's entry becomes reason `erased` with nothing of its person left but the
    // keyed hash (its clear text, note, detail and prospect gone), made so if there was none.
    virtual void keepOnlyHash(const std::string& organisationId, const std::string& emailKey,
                              domain::Timestamp now) = 0;
    // Gives every organisation without one its key, and every address entry copied by the
    // migration that introduced keyed hashes its hash. Run when the store is migrated.
    virtual void hashUnhashed() = 0;
};

// The key a new organisation's suppressions are hashed with: 64 hex characters, 256 random bits.
std::string newSuppressionKey();

}  // namespace lodestone::storage
