// What several lodestoned on one database keep together: the rate limits' counts, and the turns
// requests with one Idempotency-Key take. Run with several writers at once on every backend: on
// SQLite its one writer at a time keeps them; on PostgreSQL the repositories' locks must.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "StoreFixture.hpp"
#include "StoreSuite.hpp"
#include "storage/ApiKeyRepository.hpp"
#include "storage/IdempotencyRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/RateLimitRepository.hpp"

using namespace lodestone;
using namespace lodestone::storage;

namespace {

constexpr std::int64_t kSecond = 1'750'000'000;

}  // namespace

class SharedLimits : public storage::test::OnEveryBackend<storage::test::StoreFixture> {};

INSTANTIATE_TEST_SUITE_P(, SharedLimits, storage::test::everyBackend(), storage::test::backendName);

TEST_P(SharedLimits, CountsAreKeptPerBucketAndSecondAndForgottenPastTheWindow) {
    store_->write([](Repositories& r) {
        r.rateLimits().count("key-a/generate", kSecond - 70);
        r.rateLimits().count("key-a/generate", kSecond - 1);
        r.rateLimits().count("key-a/generate", kSecond);
        r.rateLimits().count("key-a/generate", kSecond);
        r.rateLimits().count("key-b/generate", kSecond);
    });
    auto window = store_->write(
        [](Repositories& r) { return r.rateLimits().counts("key-a/generate", kSecond - 60); });
    ASSERT_EQ(window.size(), 2u);
    EXPECT_EQ(window[0].second, kSecond - 1);
    EXPECT_EQ(window[0].requests, 1);
    EXPECT_EQ(window[1].second, kSecond);
    EXPECT_EQ(window[1].requests, 2);

    store_->write([](Repositories& r) { r.rateLimits().forgetBefore(kSecond - 60); });
    EXPECT_EQ(count("SELECT COUNT(*) FROM rate_limit_counts"), 3);
}

TEST_P(SharedLimits, WritersDecidingOnOneBucketAtOnceNeverCountPastTheLimit) {
    constexpr int kLimit = 40;
    std::atomic<int> allowed{0};
    std::vector<std::thread> writers;
    for (int w = 0; w < 4; ++w) {
        writers.emplace_back([&] {
            auto store = database().open();  // a process of its own, as another host
            for (int i = 0; i < 20; ++i) {
                const bool counted = store->write([](Repositories& r) {
                    int used = 0;
                    for (const auto& slot : r.rateLimits().counts("key/generate", kSecond - 60)) {
                        used += slot.requests;
                    }
                    if (used >= kLimit) return false;
                    r.rateLimits().count("key/generate", kSecond);
                    return true;
                });
                if (counted) ++allowed;
            }
        });
    }
    for (auto& writer : writers) writer.join();
    EXPECT_EQ(allowed.load(), kLimit);
    EXPECT_EQ(count("SELECT SUM(requests) FROM rate_limit_counts"), kLimit);
}

TEST_P(SharedLimits, RequestsWithOneIdempotencyKeyTakeTurnsSoTheSecondFindsTheFirstsRecord) {
    const domain::Organisation org{"org_1", "Acme", 10, 1, 1};
    domain::ApiKey key;
    key.id = "key_1";
    key.organisationId = org.id;
    key.name = "crm";
    key.hash = std::string(64, 'a');
    key.prefix = "lsk_aaaa";
    store_->write([&](Repositories& r) {
        r.organisations().insert(org);
        r.apiKeys().insert(key);
    });
    std::atomic<int> stored{0};
    std::atomic<int> found{0};
    std::atomic<int> refused{0};  // a second insert under the key: the turns did not hold
    std::vector<std::thread> requests;
    for (int i = 0; i < 3; ++i) {
        requests.emplace_back([&] {
            auto store = database().open();
            try {
                store->write([&](Repositories& r) {
                    r.idempotency().takeTurn("key_1", "order-7");
                    if (r.idempotency().find("key_1", "order-7", 0)) {
                        ++found;
                        return;
                    }
                    // Long enough for the others to arrive while this one holds its turn.
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                    r.idempotency().insert({"key_1", "order-7", "hash", 200, "{}", 5});
                    ++stored;
                });
            } catch (const Conflict&) {
                ++refused;
            }
        });
    }
    for (auto& request : requests) request.join();
    EXPECT_EQ(refused.load(), 0);
    EXPECT_EQ(stored.load(), 1);
    EXPECT_EQ(found.load(), 2);
}
