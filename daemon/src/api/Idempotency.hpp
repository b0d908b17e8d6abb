#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "api/ApiRequest.hpp"
#include "storage/Store.hpp"

namespace lodestone::api {

// Another request with the same Idempotency-Key stored its response first; the transaction that
// raced it was rolled back, and the stored response is the answer.
class IdempotencyRace : public std::runtime_error {
  public:
    IdempotencyRace() : std::runtime_error("a concurrent request with this Idempotency-Key won") {}
};

// One POST's Idempotency-Key (beyond the spec, as payment APIs do). A successful response is
// stored in the same transaction as the change it reports, so the key and the change are never
// apart; a repeat of the same request within 24 hours gets the stored response and changes
// nothing, the same key with another request gets 422. Errors are not stored: a request refused
// for missing fields or credits may be fixed and sent again under the same key.
class IdempotencyScope {
  public:
    static constexpr std::int64_t kLifetimeMillis = 24LL * 60 * 60 * 1000;
    static constexpr std::size_t kMaxKeyLength = 255;

    // 400 (ApiError) for an empty or over-long key, or one with a character outside visible
    // ASCII (0x21-0x7E).
    IdempotencyScope(const domain::ApiKey& apiKey, const std::string& idempotencyKey,
                     const std::string& method, const std::string& path, const std::string& body,
                     domain::Timestamp now);

    // The stored response for this key, if a request already used it (422 if that request was
    // a different one).
    std::optional<ApiResponse> replay(storage::Store& store) const;
    std::optional<ApiResponse> stored(storage::Repositories& repositories) const;
    // First in the write transaction: requests with this key, on any host, take turns.
    void takeTurn(storage::Repositories& repositories) const;

    // Stores `response` as this key's answer; called inside the transaction that made the
    // change. Throws IdempotencyRace when another request stored one first.
    void record(storage::Repositories& repositories, const ApiResponse& response) const;

  private:
    std::string apiKeyId_;
    std::string key_;
    std::string requestHash_;
    domain::Timestamp now_;
};

// Runs `change` in one write transaction and, when the request carries an Idempotency-Key,
// stores its response in that same transaction. Write transactions take turns, so a request whose
// key was used while it waited finds the stored response at the start of its own transaction and
// returns it (request.replayed set) without changing anything.
ApiResponse writeIdempotently(storage::Store& store, ApiRequest& request,
                              const std::function<ApiResponse(storage::Repositories&)>& change);

}  // namespace lodestone::api
