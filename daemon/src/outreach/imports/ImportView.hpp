#pragma once

#include <Poco/JSON/Object.h>

#include <vector>

#include "domain/LeadImports.hpp"

namespace lodestone::outreach::imports {

// How many rejected rows an import's view lists (in line order); `rejectionsListed` and
// `rejected` tell whether there are more.
inline constexpr int kRejectionsShown = 1000;

// An import as GET /api/imports/{importId} shows it (docs/lists.md): its progress, the columns
// it ignored, and its rejected rows as {line, field, error}.
Poco::JSON::Object::Ptr renderImport(const domain::LeadImport& leadImport,
                                     const std::vector<domain::ImportRejection>& rejections);

// "1,200 of 5,000 rows: 1,100 added, 50 duplicates, 50 rejected": one line for a terminal.
std::string summariseImport(const domain::LeadImport& leadImport);

}  // namespace lodestone::outreach::imports
