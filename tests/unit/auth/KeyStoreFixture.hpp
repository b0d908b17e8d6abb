#pragma once

#include <optional>
#include <string>

#include "domain/Ids.hpp"
#include "domain/Secrets.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "unit/storage/StoreFixture.hpp"

namespace lodestone::auth::test {

inline constexpr domain::Timestamp kT0 = 1'750'000'000'000;

// A migrated store holding one organisation, to which tests add API keys.
class KeyStoreFixture : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        org_ = {domain::newId(domain::IdKind::Organisation), "Acme", 10, kT0, kT0};
        store_->write([&](storage::Repositories& r) { r.organisations().insert(org_); });
    }

    struct IssuedKey {
        std::string plaintext;
        domain::ApiKey record;
    };

    // Stores a fresh key, as lodestonectl creates one, and returns its plaintext.
    IssuedKey issueKey(std::optional<domain::Timestamp> expiresAt = std::nullopt) {
        auto secret = domain::newApiKeySecret();
        domain::ApiKey key;
        key.id = domain::newId(domain::IdKind::ApiKey);
        key.organisationId = org_.id;
        key.name = "key-" + key.id;
        key.hash = secret.hash;
        key.prefix = secret.prefix;
        key.createdAt = kT0;
        key.expiresAt = expiresAt;
        store_->write([&](storage::Repositories& r) { r.apiKeys().insert(key); });
        return {secret.plaintext, key};
    }

    void revoke(const domain::ApiKey& key, domain::Timestamp at) {
        ASSERT_TRUE(store_->write(
            [&](storage::Repositories& r) { return r.apiKeys().revoke(key.id, at); }));
    }

    domain::Organisation org_;
};

}  // namespace lodestone::auth::test
