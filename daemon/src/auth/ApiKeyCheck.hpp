#pragma once

#include <optional>
#include <string_view>

#include "domain/Records.hpp"
#include "storage/ApiKeyRepository.hpp"

namespace lodestone::auth {

// Why a presented key was accepted or not. The HTTP layer turns each refusal into a 401 whose
// message says which, without echoing the key.
enum class KeyStatus { Valid, Unknown, Revoked, Expired };

struct KeyCheck {
    KeyStatus status = KeyStatus::Unknown;
    std::optional<domain::ApiKey> key;  // set unless Unknown
};

// Looks the key up by its SHA-256 hash (so the plaintext is never compared or stored) and
// confirms the stored hash in constant time, then checks revocation and expiry at `now`.
KeyCheck checkApiKey(storage::ApiKeyRepository& keys, std::string_view plaintext,
                     domain::Timestamp now);

}  // namespace lodestone::auth
