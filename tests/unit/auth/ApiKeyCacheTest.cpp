#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "KeyStoreFixture.hpp"
#include "auth/ApiKeyCache.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "support/ManualClock.hpp"

using namespace lodestone;
using namespace std::chrono_literals;
using auth::KeyStatus;
using auth::test::kT0;

namespace {

// A cache with a 500 ms TTL on a clock that only moves when the test moves it.
class ApiKeyCache : public auth::test::KeyStoreFixture {
  protected:
    void SetUp() override {
        KeyStoreFixture::SetUp();
        cache_.emplace(*store_, clock_, 500ms);
    }

    KeyStatus check(const std::string& plaintext, domain::Timestamp at) {
        clock_.set(at);
        return cache_->check(plaintext).status;
    }

    lodestone::test::ManualClock clock_{kT0};
    std::optional<auth::ApiKeyCache> cache_;
};

TEST_F(ApiKeyCache, AStoredKeyIsValid) {
    auto issued = issueKey();
    clock_.set(kT0);
    auto result = cache_->check(issued.plaintext);
    EXPECT_EQ(result.status, KeyStatus::Valid);
    ASSERT_TRUE(result.key);
    EXPECT_EQ(result.key->id, issued.record.id);
    // Served again from the cache, with the same record.
    auto again = cache_->check(issued.plaintext);
    EXPECT_EQ(again.status, KeyStatus::Valid);
    ASSERT_TRUE(again.key);
    EXPECT_EQ(again.key->id, issued.record.id);
}

TEST_F(ApiKeyCache, AnUnknownKeyIsUnknown) {
    issueKey();
    auto result = cache_->check(domain::newApiKeySecret().plaintext);
    EXPECT_EQ(result.status, KeyStatus::Unknown);
    EXPECT_FALSE(result.key);
    EXPECT_EQ(cache_->check("").status, KeyStatus::Unknown);
}

TEST_F(ApiKeyCache, ARevokedKeyKeepsWorkingOnlyUntilTheTtlRunsOut) {
    auto issued = issueKey();
    ASSERT_EQ(check(issued.plaintext, kT0), KeyStatus::Valid);
    revoke(issued.record, kT0 + 1);
    // Within the TTL the cached lookup answers (storage already says revoked).
    EXPECT_EQ(check(issued.plaintext, kT0 + 1), KeyStatus::Valid);
    EXPECT_EQ(check(issued.plaintext, kT0 + 499), KeyStatus::Valid);
    // Once the TTL has passed the key is looked up again.
    EXPECT_EQ(check(issued.plaintext, kT0 + 500), KeyStatus::Revoked);
    EXPECT_EQ(check(issued.plaintext, kT0 + 501), KeyStatus::Revoked);
    EXPECT_EQ(check(issued.plaintext, kT0 + 60'000), KeyStatus::Revoked);
}

TEST_F(ApiKeyCache, CheckingAgainWithinTheTtlDoesNotExtendIt) {
    auto issued = issueKey();
    ASSERT_EQ(check(issued.plaintext, kT0), KeyStatus::Valid);
    revoke(issued.record, kT0 + 1);
    for (domain::Timestamp t = kT0; t < kT0 + 500; t += 50) {
        ASSERT_EQ(check(issued.plaintext, t), KeyStatus::Valid) << "at +" << t - kT0 << " ms";
    }
    EXPECT_EQ(check(issued.plaintext, kT0 + 500), KeyStatus::Revoked);
}

TEST_F(ApiKeyCache, EachKeyHasItsOwnTtl) {
    auto first = issueKey();
    auto second = issueKey();
    ASSERT_EQ(check(first.plaintext, kT0), KeyStatus::Valid);
    ASSERT_EQ(check(second.plaintext, kT0 + 300), KeyStatus::Valid);
    revoke(first.record, kT0 + 301);
    revoke(second.record, kT0 + 301);
    EXPECT_EQ(check(first.plaintext, kT0 + 500), KeyStatus::Revoked);
    EXPECT_EQ(check(second.plaintext, kT0 + 500), KeyStatus::Valid);  // fetched at +300
    EXPECT_EQ(check(second.plaintext, kT0 + 799), KeyStatus::Valid);
    EXPECT_EQ(check(second.plaintext, kT0 + 800), KeyStatus::Revoked);
}

TEST_F(ApiKeyCache, AnUnknownAnswerIsForgottenAfterTheTtl) {
    auto secret = domain::newApiKeySecret();
    ASSERT_EQ(check(secret.plaintext, kT0), KeyStatus::Unknown);
    // The key is created after the failed lookup (a client racing lodestonectl).
    domain::ApiKey key;
    key.id = domain::newId(domain::IdKind::ApiKey);
    key.organisationId = org_.id;
    key.name = "late";
    key.hash = secret.hash;
    key.prefix = secret.prefix;
    key.createdAt = kT0 + 1;
    store_->write([&](storage::Repositories& r) { r.apiKeys().insert(key); });
    EXPECT_EQ(check(secret.plaintext, kT0 + 500), KeyStatus::Valid);
}

TEST_F(ApiKeyCache, ExpiryIsCheckedOnEveryUseEvenWhenCached) {
    // A TTL far longer than the key's remaining life: only a per-use check can catch expiry.
    auth::ApiKeyCache longLived(*store_, clock_, std::chrono::hours(1));
    auto issued = issueKey(kT0 + 1000);
    clock_.set(kT0);
    ASSERT_EQ(longLived.check(issued.plaintext).status, KeyStatus::Valid);
    // Revoking in storage shows whether the answer below came from the cache: a fresh lookup
    // would say Revoked.
    revoke(issued.record, kT0 + 1);
    clock_.set(kT0 + 999);
    EXPECT_EQ(longLived.check(issued.plaintext).status, KeyStatus::Valid);
    clock_.set(kT0 + 1000);
    auto expired = longLived.check(issued.plaintext);
    EXPECT_EQ(expired.status, KeyStatus::Expired);
    ASSERT_TRUE(expired.key);
    EXPECT_EQ(expired.key->id, issued.record.id);
}

TEST_F(ApiKeyCache, ARevokedVerdictIsCachedLikeAnyOther) {
    auto issued = issueKey();
    revoke(issued.record, kT0);
    auto result = cache_->check(issued.plaintext);
    EXPECT_EQ(result.status, KeyStatus::Revoked);
    ASSERT_TRUE(result.key);
    EXPECT_EQ(result.key->id, issued.record.id);
}

// The documented default: a key revoked with lodestonectl stops working within a second. The
// default cache reads the system clock, so this test waits (about half a second) for real
// time to pass; its verdicts do not depend on how fast the machine is: a check that starts
// 999 ms or more after the first lookup finished must go back to storage, whatever the timing.
class ApiKeyCacheDefaults : public auth::test::KeyStoreFixture {};

TEST_F(ApiKeyCacheDefaults, ARevokedKeyStopsWorkingWithinASecond) {
    auto issued = issueKey();
    lodestone::test::ManualClock clock(kT0);
    auth::ApiKeyCache cache(*store_, clock);
    ASSERT_EQ(cache.check(issued.plaintext).status, KeyStatus::Valid);
    revoke(issued.record, kT0);
    // The default cache does remember lookups...
    EXPECT_EQ(cache.check(issued.plaintext).status, KeyStatus::Valid);
    // ...but not for a second.
    clock.advance(999ms);
    EXPECT_EQ(cache.check(issued.plaintext).status, KeyStatus::Revoked)
        << "a revoked key was still accepted a second after it was looked up";
}

}  // namespace
