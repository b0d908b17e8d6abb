#pragma once

#include <Poco/JSON/Object.h>

#include <string>

#include "domain/Prospects.hpp"
#include "storage/ErasureRepository.hpp"
#include "storage/Repositories.hpp"

// Erasing a person (GDPR art. 17; docs/lists.md, Erasure): the API's DELETE of a campaign's lead
// and `lodestonectl prospect erase`.
namespace lodestone::outreach {

// True when the prospect is the tombstone an erasure left.
bool isErased(const domain::Prospect& prospect);

// Removes the personal data of `prospect`'s person (every prospect of the organisation with its
// address, and all that hangs off them), keeps the address suppressed by its keyed hash only
// (reason erased), and records in the audit log that an erasure happened, by `actor`, without
// saying whom. In the caller's transaction.
storage::ErasureCounts erase(storage::Repositories& repositories, const domain::Prospect& prospect,
                             const std::string& actor, domain::Timestamp now);

// {"prospects": n, "leads": n, ...}: what an erasure removed.
Poco::JSON::Object::Ptr renderErasure(const storage::ErasureCounts& counts);

}  // namespace lodestone::outreach
