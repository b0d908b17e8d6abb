#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "KeyStoreFixture.hpp"
#include "auth/ApiKeyCheck.hpp"
#include "storage/ApiKeyRepository.hpp"

using namespace lodestone;
using auth::KeyStatus;
using auth::test::kT0;

namespace {

class ApiKeyCheck : public auth::test::KeyStoreFixture {
  protected:
    auth::KeyCheck check(const std::string& plaintext, domain::Timestamp now = kT0) {
        return store_->read([&](storage::Repositories& r) {
            return auth::checkApiKey(r.apiKeys(), plaintext, now);
        });
    }
};

TEST_F(ApiKeyCheck, AStoredKeyIsValidAndComesWithItsRecord) {
    auto issued = issueKey();
    auto result = check(issued.plaintext);
    EXPECT_EQ(result.status, KeyStatus::Valid);
    ASSERT_TRUE(result.key);
    EXPECT_EQ(result.key->id, issued.record.id);
    EXPECT_EQ(result.key->organisationId, org_.id);
    EXPECT_EQ(result.key->hash, domain::hashApiKey(issued.plaintext));
}

TEST_F(ApiKeyCheck, AnythingElseIsUnknownAndCarriesNoRecord) {
    auto issued = issueKey();
    std::string upper = issued.plaintext;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    std::string oneOff = issued.plaintext;
    oneOff.back() = oneOff.back() == 'a' ? 'b' : 'a';
    for (const std::string& presented :
         {std::string(), domain::newApiKeySecret().plaintext, issued.plaintext + "x",
          issued.plaintext.substr(0, issued.plaintext.size() - 1), oneOff, upper,
          issued.record.hash /* the stored hash is not a key */, issued.record.prefix}) {
        auto result = check(presented);
        EXPECT_EQ(result.status, KeyStatus::Unknown) << "'" << presented << "'";
        EXPECT_FALSE(result.key) << "'" << presented << "'";
    }
}

TEST_F(ApiKeyCheck, ARevokedKeyIsRevoked) {
    auto issued = issueKey();
    auto other = issueKey();
    revoke(issued.record, kT0 + 5);
    auto result = check(issued.plaintext, kT0 + 10);
    EXPECT_EQ(result.status, KeyStatus::Revoked);
    ASSERT_TRUE(result.key);
    EXPECT_EQ(result.key->id, issued.record.id);
    EXPECT_EQ(check(other.plaintext, kT0 + 10).status, KeyStatus::Valid);
}

TEST_F(ApiKeyCheck, AKeyExpiresAtItsExpiryInstant) {
    auto issued = issueKey(kT0 + 1000);
    EXPECT_EQ(check(issued.plaintext, kT0 + 999).status, KeyStatus::Valid);
    auto expired = check(issued.plaintext, kT0 + 1000);
    EXPECT_EQ(expired.status, KeyStatus::Expired);
    ASSERT_TRUE(expired.key);
    EXPECT_EQ(expired.key->id, issued.record.id);
    EXPECT_EQ(check(issued.plaintext, kT0 + 1'000'000).status, KeyStatus::Expired);
}

TEST_F(ApiKeyCheck, AKeyWithoutExpiryNeverExpires) {
    auto issued = issueKey();
    EXPECT_EQ(check(issued.plaintext, kT0 + 100LL * 365 * 24 * 3600 * 1000).status,
              KeyStatus::Valid);
}

TEST_F(ApiKeyCheck, RevocationIsReportedBeforeExpiry) {
    auto issued = issueKey(kT0 + 1000);
    revoke(issued.record, kT0 + 500);
    EXPECT_EQ(check(issued.plaintext, kT0 + 2000).status, KeyStatus::Revoked);
}

// A repository that answers every hash lookup with the same record, to see what the check asks
// for and whether it trusts the answer.
class OneKeyRepository : public storage::ApiKeyRepository {
  public:
    explicit OneKeyRepository(domain::ApiKey key) : key_(std::move(key)) {}
    void insert(const domain::ApiKey&) override {}
    std::optional<domain::ApiKey> find(const std::string&) override { return key_; }
    std::optional<domain::ApiKey> findByHash(const std::string& hash) override {
        askedFor.push_back(hash);
        return key_;
    }
    std::vector<domain::ApiKey> findByName(const std::string&, const std::string&) override {
        return {key_};
    }
    std::vector<domain::ApiKey> list(const std::optional<std::string>&) override { return {key_}; }
    bool revoke(const std::string&, storage::Timestamp) override { return false; }
    void setProjects(const std::string&, const std::vector<std::string>&) override {}
    void recordUses(const std::vector<storage::KeyUse>&) override {}

    std::vector<std::string> askedFor;

  private:
    domain::ApiKey key_;
};

TEST(ApiKeyCheckLookup, LooksUpBySha256AndConfirmsTheStoredHash) {
    domain::ApiKey stored;
    stored.id = "key_1";
    stored.hash = domain::hashApiKey("lsk_the_real_key");
    OneKeyRepository keys(stored);

    EXPECT_EQ(auth::checkApiKey(keys, "lsk_the_real_key", kT0).status, KeyStatus::Valid);
    // A lookup that returns some other key's record must not let the caller in.
    auto wrong = auth::checkApiKey(keys, "lsk_another_key", kT0);
    EXPECT_EQ(wrong.status, KeyStatus::Unknown);
    EXPECT_FALSE(wrong.key);

    ASSERT_EQ(keys.askedFor.size(), 2u);
    EXPECT_EQ(keys.askedFor[0], domain::sha256Hex("lsk_the_real_key"));
    EXPECT_EQ(keys.askedFor[1], domain::sha256Hex("lsk_another_key"));
}

}  // namespace
