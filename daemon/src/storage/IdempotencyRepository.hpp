#pragma once

#include <optional>
#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Responses to POSTs that carried an Idempotency-Key, kept so a repeat gets the same answer.
struct IdempotencyRecord {
    std::string apiKeyId;
    std::string key;
    std::string requestHash;  // of method, path and body
    int status = 0;
    std::string responseJson;
    Timestamp createdAt = 0;
};

class IdempotencyRepository {
  public:
    virtual ~IdempotencyRepository() = default;
    // Conflict if that API key already stored a response under that key.
    virtual void insert(const IdempotencyRecord& record) = 0;
    // Makes this transaction and others with the same key take turns from here to their ends
    // (PostgreSQL; SQLite's one writer at a time does already), so the second finds the first's
    // record instead of repeating its change.
    virtual void takeTurn(const std::string& apiKeyId, const std::string& key) = 0;
    // Only records created at or after `notBefore` (older ones have expired).
    virtual std::optional<IdempotencyRecord> find(const std::string& apiKeyId,
                                                  const std::string& key, Timestamp notBefore) = 0;
    // Deletes records created before `cutoff`; returns how many.
    virtual int purgeOlderThan(Timestamp cutoff) = 0;
};

}  // namespace lodestone::storage
