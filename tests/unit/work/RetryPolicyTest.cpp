#include <gtest/gtest.h>

#include <climits>
#include <set>

#include "work/RetryPolicy.hpp"

using lodestone::work::RetryPolicy;
using namespace std::chrono_literals;

namespace {
constexpr lodestone::domain::Timestamp kNow = 1'750'000'000'000;
}  // namespace

TEST(RetryPolicy, DelayDoublesFromTheBase) {
    RetryPolicy policy(10s);
    EXPECT_EQ(policy.delay(0), 10s);
    EXPECT_EQ(policy.delay(1), 20s);
    EXPECT_EQ(policy.delay(2), 40s);
    EXPECT_EQ(policy.delay(3), 80s);
    EXPECT_EQ(RetryPolicy(250ms).delay(2), 1000ms);
}

TEST(RetryPolicy, DelayIsCappedAtOneHour) {
    RetryPolicy policy(1s);
    EXPECT_EQ(policy.delay(11), 2048s);
    EXPECT_EQ(policy.delay(12), 1h);  // 4096 s would be more
    EXPECT_EQ(policy.delay(13), 1h);
    EXPECT_EQ(RetryPolicy(2h).delay(0), 1h);
}

TEST(RetryPolicy, HugeRetryCountsDoNotOverflow) {
    for (int retryCount : {62, 63, 64, 1000, INT_MAX}) {
        EXPECT_EQ(RetryPolicy(1ms).delay(retryCount), 1h) << retryCount;
        EXPECT_EQ(RetryPolicy(10s).delay(retryCount), 1h) << retryCount;
    }
    auto at = RetryPolicy(10s).retryAt(INT_MAX - 1, INT_MAX, kNow);
    ASSERT_TRUE(at);
    EXPECT_GE(*at, kNow + 2'880'000);  // 0.8 h
    EXPECT_LT(*at, kNow + 4'320'000);  // 1.2 h
}

TEST(RetryPolicy, RetryAtIsTheDelayWithJitterBetweenPoint8And1Point2) {
    RetryPolicy policy(10s);
    for (int retryCount = 0; retryCount < 5; ++retryCount) {
        const auto delay = policy.delay(retryCount).count();
        std::set<lodestone::domain::Timestamp> seen;
        for (int i = 0; i < 2000; ++i) {
            auto at = policy.retryAt(retryCount, 5, kNow);
            ASSERT_TRUE(at);
            ASSERT_GE(*at - kNow, delay * 8 / 10) << "retry " << retryCount;
            ASSERT_LT(*at - kNow, delay * 12 / 10) << "retry " << retryCount;
            seen.insert(*at);
        }
        // Jittered: jobs that failed together do not all come back at the same moment.
        EXPECT_GT(seen.size(), 100u) << "retry " << retryCount;
    }
}

TEST(RetryPolicy, JitterCoversBothSidesOfTheDelay) {
    RetryPolicy policy(10s);
    bool early = false, late = false;
    for (int i = 0; i < 2000 && !(early && late); ++i) {
        auto offset = *policy.retryAt(0, 1, kNow) - kNow;
        early = early || offset < 9'000;
        late = late || offset > 11'000;
    }
    EXPECT_TRUE(early);
    EXPECT_TRUE(late);
}

TEST(RetryPolicy, NoRetryOnceTheRetriesAreUsedUp) {
    RetryPolicy policy(1s);
    EXPECT_TRUE(policy.retryAt(0, 3, kNow));
    EXPECT_TRUE(policy.retryAt(2, 3, kNow));
    EXPECT_FALSE(policy.retryAt(3, 3, kNow));
    EXPECT_FALSE(policy.retryAt(4, 3, kNow));
    EXPECT_FALSE(policy.retryAt(INT_MAX, 3, kNow));
}

TEST(RetryPolicy, ZeroMaxRetriesNeverRetries) {
    RetryPolicy policy(1s);
    EXPECT_FALSE(policy.retryAt(0, 0, kNow));
    EXPECT_FALSE(policy.retryAt(1, 0, kNow));
}
