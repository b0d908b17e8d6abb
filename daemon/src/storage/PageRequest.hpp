#pragma once

#include <optional>
#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Where a page of a list starts: just after the row with this creation time and id. Lists are
// newest first (created_at, then id, descending), so rows added meanwhile never shift a later
// page and every row appears once.
struct PageStart {
    Timestamp createdAt = 0;
    std::string id;
};

// A page of a list: up to `limit` rows after `after` (from the newest when none).
struct PageRequest {
    int limit = 50;
    std::optional<PageStart> after = std::nullopt;
};

}  // namespace lodestone::storage
