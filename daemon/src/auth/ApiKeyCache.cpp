#include "auth/ApiKeyCache.hpp"

#include "domain/Secrets.hpp"
#include "storage/ApiKeyRepository.hpp"

namespace lodestone::auth {
namespace {

KeyCheck verdict(const std::optional<domain::ApiKey>& key, domain::Timestamp now) {
    if (!key) return {};
    if (key->isRevoked()) return {KeyStatus::Revoked, key};
    if (key->isExpiredAt(now)) return {KeyStatus::Expired, key};
    return {KeyStatus::Valid, key};
}

}  // namespace

ApiKeyCache::ApiKeyCache(storage::Store& store, const domain::Clock& clock,
                         std::chrono::milliseconds ttl, KeyUseLog* uses)
    : store_(store), ttl_(ttl), clock_(clock), uses_(uses) {}

KeyCheck ApiKeyCache::check(std::string_view plaintext) {
    const domain::Timestamp now = clock_.now();
    KeyCheck result = lookUp(plaintext, now);
    if (uses_ && result.status == KeyStatus::Valid) uses_->note(result.key->id, now);
    return result;
}

KeyCheck ApiKeyCache::lookUp(std::string_view plaintext, domain::Timestamp now) {
    const std::string hash = domain::hashApiKey(plaintext);
    {
        std::lock_guard lock(mutex_);
        auto it = entries_.find(hash);
        if (it != entries_.end() && now - it->second.fetchedAt < ttl_.count()) {
            return verdict(it->second.key, now);
        }
    }
    // Looked up outside the lock: a slow database read must not stall other keys' checks.
    auto result = store_.read(
        [&](storage::Repositories& repos) { return checkApiKey(repos.apiKeys(), plaintext, now); });
    std::lock_guard lock(mutex_);
    // Many distinct bad keys (a scan) must not grow the cache without bound.
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_[hash] = Entry{result.key, now};
    return result;
}

}  // namespace lodestone::auth
