#include "api/Idempotency.hpp"

#include <algorithm>
#include <sstream>

#include "api/ApiError.hpp"
#include "domain/Secrets.hpp"
#include "storage/IdempotencyRepository.hpp"

namespace lodestone::api {

IdempotencyScope::IdempotencyScope(const domain::ApiKey& apiKey, const std::string& idempotencyKey,
                                   const std::string& method, const std::string& path,
                                   const std::string& body, domain::Timestamp now)
    : apiKeyId_(apiKey.id), key_(idempotencyKey), now_(now) {
    if (key_.empty() || key_.size() > kMaxKeyLength) {
        throw ApiError(400, "Idempotency-Key must be 1 to 255 characters");
    }
    // A key is stored, compared and may be logged: a control character, a space or a byte that
    // another client would encode differently is never part of one (UUIDs and tokens are
    // visible ASCII), so such a key is refused rather than guessed at.
    if (!std::all_of(key_.begin(), key_.end(),
                     [](unsigned char c) { return c >= 0x21 && c <= 0x7E; })) {
        throw ApiError(400,
                       "Idempotency-Key must be visible ASCII characters (0x21-0x7E): no space, "
                       "control character or non-ASCII byte; a UUID is a good key");
    }
    // The same key means the same request only if method, path and body are byte for byte equal.
    requestHash_ = domain::sha256Hex(method + " " + path + "\n" + body);
}

std::optional<ApiResponse> IdempotencyScope::replay(storage::Store& store) const {
    return store.read([&](storage::Repositories& repositories) { return stored(repositories); });
}

void IdempotencyScope::takeTurn(storage::Repositories& repositories) const {
    repositories.idempotency().takeTurn(apiKeyId_, key_);
}

std::optional<ApiResponse> IdempotencyScope::stored(storage::Repositories& repositories) const {
    auto record = repositories.idempotency().find(apiKeyId_, key_, now_ - kLifetimeMillis);
    if (!record) return std::nullopt;
    if (record->requestHash != requestHash_) {
        throw ApiError(422,
                       "This Idempotency-Key was already used with a different request; use a "
                       "new key for a new request");
    }
    ApiResponse response;
    response.status = record->status;
    // As stored, so the replay is the first response byte for byte.
    response.text = record->responseJson;
    return response;
}

void IdempotencyScope::record(storage::Repositories& repositories,
                              const ApiResponse& response) const {
    // Expired keys go as new ones arrive; the index on created_at keeps this cheap.
    repositories.idempotency().purgeOlderThan(now_ - kLifetimeMillis);
    try {
        repositories.idempotency().insert(
            {apiKeyId_, key_, requestHash_, response.status, response.json(), now_});
    } catch (const storage::Conflict&) {
        throw IdempotencyRace();
    }
}

ApiResponse writeIdempotently(storage::Store& store, ApiRequest& request,
                              const std::function<ApiResponse(storage::Repositories&)>& change) {
    ApiResponse response;
    store.write([&](storage::Repositories& repositories) {
        if (request.idempotency) {
            request.idempotency->takeTurn(repositories);
            if (auto stored = request.idempotency->stored(repositories)) {
                request.replayed = true;
                response = *stored;
                return;
            }
        }
        response = change(repositories);
        if (request.idempotency) request.idempotency->record(repositories, response);
    });
    return response;
}

}  // namespace lodestone::api
