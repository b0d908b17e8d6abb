#include <gtest/gtest.h>

#include <initializer_list>

#include "api/ApiError.hpp"
#include "api/Idempotency.hpp"
#include "domain/Ids.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "unit/storage/StoreFixture.hpp"

using namespace lodestone;
using api::IdempotencyScope;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;
constexpr domain::Timestamp kDay = IdempotencyScope::kLifetimeMillis;

class Idempotency : public storage::test::StoreFixture {
  protected:
    void SetUp() override {
        StoreFixture::SetUp();
        domain::Organisation org{domain::newId(domain::IdKind::Organisation), "Acme", 0, kT0, kT0};
        key_.id = domain::newId(domain::IdKind::ApiKey);
        key_.organisationId = org.id;
        key_.name = "k";
        key_.hash = std::string(64, 'c');
        key_.prefix = "lsk_cccccccc";
        key_.createdAt = kT0;
        store_->write([&](storage::Repositories& r) {
            r.organisations().insert(org);
            r.apiKeys().insert(key_);
        });
    }

    IdempotencyScope scope(domain::Timestamp now, const std::string& body = "{}") {
        return IdempotencyScope(key_, "order-1", "POST", "/api/x", body, now);
    }

    api::ApiResponse response(int n) {
        Poco::JSON::Object::Ptr body = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        body->set("z", n);
        body->set("a", "first");
        return {200, body};
    }

    void record(const IdempotencyScope& scope, const api::ApiResponse& r) {
        store_->write([&](storage::Repositories& repos) { scope.record(repos, r); });
    }

    domain::ApiKey key_;
};

}  // namespace

TEST_F(Idempotency, ARecordedResponseIsReplayedForADay) {
    record(scope(kT0), response(1));
    auto replay = scope(kT0 + kDay - 1).replay(*store_);
    ASSERT_TRUE(replay);
    EXPECT_EQ(replay->status, 200);
    EXPECT_EQ(replay->json(), R"({"z":1,"a":"first"})");  // byte for byte, key order kept
}

TEST_F(Idempotency, AfterADayTheKeyIsFreeAgain) {
    record(scope(kT0), response(1));
    auto later = scope(kT0 + kDay + 1);
    EXPECT_FALSE(later.replay(*store_));
    EXPECT_NO_THROW(record(later, response(2)));  // the expired record is purged, not a race
    EXPECT_EQ(later.replay(*store_)->json(), R"({"z":2,"a":"first"})");
}

TEST_F(Idempotency, AnotherRequestUnderTheKeyIs422) {
    record(scope(kT0), response(1));
    try {
        scope(kT0 + 1, R"({"other":true})").replay(*store_);
        FAIL() << "expected a 422";
    } catch (const api::ApiError& e) {
        EXPECT_EQ(e.status(), 422);
    }
}

TEST_F(Idempotency, RecordingTwiceIsARace) {
    record(scope(kT0), response(1));
    EXPECT_THROW(record(scope(kT0 + 1), response(2)), api::IdempotencyRace);
}

TEST_F(Idempotency, KeysAreOneTo255Characters) {
    EXPECT_THROW(IdempotencyScope(key_, "", "POST", "/", "", kT0), api::ApiError);
    EXPECT_THROW(IdempotencyScope(key_, std::string(256, 'k'), "POST", "/", "", kT0),
                 api::ApiError);
    EXPECT_NO_THROW(IdempotencyScope(key_, std::string(255, 'k'), "POST", "/", "", kT0));
}

TEST_F(Idempotency, KeysAreVisibleAsciiOnly) {
    for (const std::string& bad : std::initializer_list<std::string>{
             "order\x01"
             "1",
             "order 1", "order\t1", "order\x7f", "ordre-\xC3\xA9", "order-1\r\nX-Injected: 1",
             std::string("order\0"
                         "1",
                         7)}) {
        try {
            IdempotencyScope(key_, bad, "POST", "/", "", kT0);
            ADD_FAILURE() << "accepted a key with a byte outside 0x21-0x7E";
        } catch (const api::ApiError& e) {
            EXPECT_EQ(e.status(), 400);
            EXPECT_STREQ(e.what(),
                         "Idempotency-Key must be visible ASCII characters (0x21-0x7E): no space, "
                         "control character or non-ASCII byte; a UUID is a good key");
        }
    }
    EXPECT_NO_THROW(IdempotencyScope(key_, "!~0a-Z_.:/+=@{}", "POST", "/", "", kT0));
    EXPECT_NO_THROW(
        IdempotencyScope(key_, "3f2c9a0e-8b1d-4c55-9f0e-2a7d6c1b9e44", "POST", "/", "", kT0));
}
