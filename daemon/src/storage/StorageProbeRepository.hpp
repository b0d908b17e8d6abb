#pragma once

#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// A write that proves the database takes writes (GET /readyz): one row per host, overwritten.
class StorageProbeRepository {
  public:
    virtual ~StorageProbeRepository() = default;
    virtual void record(const std::string& host, Timestamp now) = 0;
};

}  // namespace lodestone::storage
