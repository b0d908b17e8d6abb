#include "auth/ApiKeyCheck.hpp"

#include "domain/Secrets.hpp"

namespace lodestone::auth {

KeyCheck checkApiKey(storage::ApiKeyRepository& keys, std::string_view plaintext,
                     domain::Timestamp now) {
    std::string hash = domain::hashApiKey(plaintext);
    auto key = keys.findByHash(hash);
    if (!key || !domain::constantTimeEquals(key->hash, hash)) return {};
    if (key->isRevoked()) return {KeyStatus::Revoked, key};
    if (key->isExpiredAt(now)) return {KeyStatus::Expired, key};
    return {KeyStatus::Valid, key};
}

}  // namespace lodestone::auth
