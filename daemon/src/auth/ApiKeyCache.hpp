#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "auth/ApiKeyCheck.hpp"
#include "auth/KeyUseLog.hpp"
#include "domain/Clock.hpp"
#include "storage/Store.hpp"

namespace lodestone::auth {

// Checks presented API keys, remembering each lookup briefly so a busy client costs one database
// read per key per `ttl`, not one per request. Entries are keyed by the key's hash, never its
// plaintext. Revocation and expiry take effect within `ttl` (500 ms by default, so a key revoked
// with lodestonectl stops working within a second); expiry is re-checked on every use.
class ApiKeyCache {
  public:
    // `uses`, when given, is told of every use of a valid key.
    ApiKeyCache(storage::Store& store, const domain::Clock& clock,
                std::chrono::milliseconds ttl = std::chrono::milliseconds(500),
                KeyUseLog* uses = nullptr);

    KeyCheck check(std::string_view plaintext);

  private:
    KeyCheck lookUp(std::string_view plaintext, domain::Timestamp now);

    struct Entry {
        std::optional<domain::ApiKey> key;  // nullopt: no such key
        domain::Timestamp fetchedAt = 0;
    };

    static constexpr std::size_t kMaxEntries = 10'000;

    storage::Store& store_;
    std::chrono::milliseconds ttl_;
    const domain::Clock& clock_;
    KeyUseLog* uses_;
    std::mutex mutex_;
    std::unordered_map<std::string, Entry> entries_;
};

}  // namespace lodestone::auth
