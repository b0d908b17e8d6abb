#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <deque>
#include <latch>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "ratelimit/RateLimiter.hpp"

using lodestone::ratelimit::Decision;
using lodestone::ratelimit::MemoryRateLimiter;

namespace {

constexpr std::int64_t kSecond = 1'700'000'000;  // an epoch second, for readable expectations
constexpr std::int64_t kMs = 1000;

constexpr std::int64_t at(std::int64_t second, std::int64_t millis = 0) {
    return second * kMs + millis;
}

// A limiter whose clock only moves when the test moves it.
class RateLimiterTest : public ::testing::Test {
  protected:
    Decision take(std::int64_t nowMillis, int limit, const std::string& bucket = "key:generate") {
        now_ = nowMillis;
        return limiter_.take(bucket, limit);
    }

    std::int64_t now_ = 0;
    MemoryRateLimiter limiter_{[this] { return now_; }};
};

TEST_F(RateLimiterTest, AllowsExactlyTheLimitThenRefuses) {
    for (int i = 0; i < 3; ++i) {
        auto decision = take(at(kSecond, 250 + i), 3);
        EXPECT_TRUE(decision.allowed) << "request " << i;
        EXPECT_EQ(decision.limit, 3);
    }
    auto refused = take(at(kSecond, 300), 3);
    EXPECT_FALSE(refused.allowed);
    EXPECT_EQ(refused.limit, 3);
    EXPECT_EQ(refused.remaining, 0);
}

TEST_F(RateLimiterTest, RemainingCountsDownToZeroAndStaysThere) {
    std::vector<int> remaining;
    for (int i = 0; i < 7; ++i) remaining.push_back(take(at(kSecond, 10 * i), 5).remaining);
    EXPECT_EQ(remaining, (std::vector<int>{4, 3, 2, 1, 0, 0, 0}));
}

TEST_F(RateLimiterTest, ResetIsTheSecondOfTheOldestCountedRequestPlus61) {
    auto first = take(at(kSecond, 250), 3);
    EXPECT_EQ(first.resetEpochSeconds, kSecond + 61);
    // A later request does not move the reset: the oldest one still counts.
    auto second = take(at(kSecond + 10, 500), 3);
    EXPECT_EQ(second.resetEpochSeconds, kSecond + 61);
    auto third = take(at(kSecond + 30), 3);
    EXPECT_EQ(third.resetEpochSeconds, kSecond + 61);
    auto refused = take(at(kSecond + 40), 3);
    EXPECT_FALSE(refused.allowed);
    EXPECT_EQ(refused.resetEpochSeconds, kSecond + 61);
    // Once the oldest has left the window, the next oldest decides the reset.
    auto afterReset = take(at(kSecond + 61), 3);
    EXPECT_TRUE(afterReset.allowed);
    EXPECT_EQ(afterReset.remaining, 0);
    EXPECT_EQ(afterReset.resetEpochSeconds, kSecond + 10 + 61);
}

TEST_F(RateLimiterTest, RetryAfterIsTheRoundedUpWaitUntilTheResetAndAtLeastOne) {
    ASSERT_TRUE(take(at(kSecond, 250), 2).allowed);
    ASSERT_TRUE(take(at(kSecond + 5, 700), 2).allowed);
    const std::int64_t resetMillis = at(kSecond + 61);
    EXPECT_EQ(take(at(kSecond + 5, 700), 2).retryAfterSeconds, 56);  // 55.3 s, rounded up
    // Every millisecond until the first request leaves the window: refused, and Retry-After
    // is the smallest whole number of seconds that reaches the reset.
    Decision last;
    for (std::int64_t now = at(kSecond + 5, 701); now < resetMillis; ++now) {
        last = take(now, 2);
        ASSERT_FALSE(last.allowed) << "at +" << now - at(kSecond) << " ms";
        ASSERT_EQ(last.resetEpochSeconds, kSecond + 61);
        const int expected = static_cast<int>(std::ceil((resetMillis - now) / 1000.0));
        ASSERT_EQ(last.retryAfterSeconds, expected) << "at +" << now - at(kSecond) << " ms";
        ASSERT_GE(last.retryAfterSeconds, 1);
        ASSERT_GE(now + last.retryAfterSeconds * kMs, resetMillis);
        ASSERT_LT(now + (last.retryAfterSeconds - 1) * kMs, resetMillis);
    }
    EXPECT_EQ(last.retryAfterSeconds, 1);  // 1 ms before the reset still means 1 s
    EXPECT_TRUE(take(resetMillis, 2).allowed);
}

TEST_F(RateLimiterTest, ARequestFreesUp61SecondsAfterItsSecond) {
    ASSERT_TRUE(take(at(kSecond, 0), 1).allowed);
    // Still counted a full minute later (a fixed 60 s window would have let this through)...
    EXPECT_FALSE(take(at(kSecond + 60, 0), 1).allowed);
    EXPECT_FALSE(take(at(kSecond + 60, 999), 1).allowed);
    // ...and gone 61 seconds after the second it was made in.
    auto freed = take(at(kSecond + 61, 0), 1);
    EXPECT_TRUE(freed.allowed);
    EXPECT_EQ(freed.resetEpochSeconds, kSecond + 61 + 61);
}

TEST_F(RateLimiterTest, RefusedRequestsDoNotCount) {
    ASSERT_TRUE(take(at(kSecond, 100), 1).allowed);
    for (std::int64_t s = 0; s <= 60; ++s) {
        ASSERT_FALSE(take(at(kSecond + s, 500), 1).allowed) << "second " << s;
    }
    EXPECT_TRUE(take(at(kSecond + 61, 0), 1).allowed);
}

TEST_F(RateLimiterTest, SlotsAreReusedCleanlyAfterExactlyOneWindow) {
    // Seconds 61 apart share a slot; the old count must be gone, not added to.
    for (int round = 0; round < 4; ++round) {
        auto decision = take(at(kSecond + 61 * round, 400), 2);
        EXPECT_TRUE(decision.allowed) << "round " << round;
        EXPECT_EQ(decision.remaining, 1) << "round " << round;
    }
}

TEST_F(RateLimiterTest, AnIdleBucketStartsAfresh) {
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(take(at(kSecond, i), 3).allowed);
    ASSERT_FALSE(take(at(kSecond, 10), 3).allowed);
    // Long enough for the idle window to be swept away; the bucket must come back empty.
    auto later = take(at(kSecond + 3600, 10), 3);
    EXPECT_TRUE(later.allowed);
    EXPECT_EQ(later.remaining, 2);
    EXPECT_EQ(later.resetEpochSeconds, kSecond + 3600 + 61);
}

TEST_F(RateLimiterTest, BucketsAreIndependent) {
    ASSERT_TRUE(take(at(kSecond), 1, "key_a:generate").allowed);
    EXPECT_FALSE(take(at(kSecond, 1), 1, "key_a:generate").allowed);

    auto otherKey = take(at(kSecond, 2), 1, "key_b:generate");
    EXPECT_TRUE(otherKey.allowed);
    EXPECT_EQ(otherKey.remaining, 0);
    auto otherGroup = take(at(kSecond + 30), 2, "key_a:status");
    EXPECT_TRUE(otherGroup.allowed);
    EXPECT_EQ(otherGroup.remaining, 1);
    EXPECT_EQ(otherGroup.resetEpochSeconds, kSecond + 30 + 61);

    EXPECT_FALSE(take(at(kSecond + 30, 1), 1, "key_a:generate").allowed);
}

TEST(RateLimiterConcurrency, ManyThreadsOnOneBucketAcceptExactlyTheLimit) {
    constexpr int kLimit = 500;
    constexpr int kThreads = 8;
    constexpr int kAttemptsPerThread = 250;                      // 2000 attempts in all
    MemoryRateLimiter limiter([] { return at(kSecond, 123); });  // frozen
    std::latch start(kThreads);
    std::atomic<int> accepted{0};
    std::vector<std::vector<int>> remainingSeen(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            start.arrive_and_wait();
            for (int i = 0; i < kAttemptsPerThread; ++i) {
                auto decision = limiter.take("shared", kLimit);
                if (!decision.allowed) continue;
                accepted.fetch_add(1);
                remainingSeen[t].push_back(decision.remaining);
            }
        });
    }
    for (auto& thread : threads) thread.join();

    EXPECT_EQ(accepted.load(), kLimit);
    // Each accepted request saw a different count: no two were let through on the same slot.
    std::vector<int> all;
    for (const auto& seen : remainingSeen) all.insert(all.end(), seen.begin(), seen.end());
    std::sort(all.begin(), all.end());
    std::vector<int> expected(kLimit);
    for (int i = 0; i < kLimit; ++i) expected[i] = i;
    EXPECT_EQ(all, expected);
    EXPECT_FALSE(limiter.take("shared", kLimit).allowed);
}

// ---- Simulated traffic -------------------------------------------------------------------

// A fixed-seed generator whose output the standard pins down (unlike its distributions).
class Random {
  public:
    explicit Random(std::uint64_t seed) : engine_(seed) {}
    std::int64_t between(std::int64_t low, std::int64_t high) {
        return low +
               static_cast<std::int64_t>(engine_() % static_cast<std::uint64_t>(high - low + 1));
    }
    bool chance(int percent) { return between(1, 100) <= percent; }

  private:
    std::mt19937_64 engine_;
};

constexpr std::int64_t kSimulationStart = at(kSecond, 437);
constexpr std::int64_t kTenMinutes = 600'000;

// The most accepted requests in any span [t, t + 60 s). The busiest span starts at an
// accepted request, so only those starts need checking.
int busiestMinute(const std::vector<std::int64_t>& acceptedAt) {
    int busiest = 0;
    std::size_t end = 0;
    for (std::size_t begin = 0; begin < acceptedAt.size(); ++begin) {
        end = std::max(end, begin);
        while (end < acceptedAt.size() && acceptedAt[end] < acceptedAt[begin] + 60'000) ++end;
        busiest = std::max(busiest, static_cast<int>(end - begin));
    }
    return busiest;
}

class RateLimiterSimulation : public ::testing::TestWithParam<std::tuple<int, int>> {
  protected:
    int limit() const { return std::get<0>(GetParam()); }
    std::uint64_t seed() const { return static_cast<std::uint64_t>(std::get<1>(GetParam())); }

    // Sends one request at `now`, checks the decision against the documented rule (a request
    // counts for the 61 one-second slots starting at its own second) and records it.
    void send(std::int64_t now) {
        const int limit = this->limit();
        now_ = now;
        auto decision = limiter_.take("bucket", limit);
        ++sent_;

        const std::int64_t second = now / kMs;
        while (!counted_.empty() && counted_.front() / kMs <= second - 61) counted_.pop_front();
        const bool expectAllowed = static_cast<int>(counted_.size()) < limit;
        ASSERT_EQ(decision.allowed, expectAllowed)
            << "request " << sent_ << " at +" << now - kSimulationStart << " ms";
        if (decision.allowed) {
            counted_.push_back(now);
            accepted_.push_back(now);
        }
        ASSERT_EQ(decision.remaining, limit - static_cast<int>(counted_.size()));
        ASSERT_EQ(decision.limit, limit);
        if (!counted_.empty()) {
            ASSERT_EQ(decision.resetEpochSeconds, counted_.front() / kMs + 61);
        }
        if (!decision.allowed) {
            const std::int64_t wait = decision.resetEpochSeconds * kMs - now;
            ASSERT_EQ(decision.retryAfterSeconds, std::max<std::int64_t>(1, (wait + 999) / 1000));
        }
    }

    std::int64_t now_ = 0;
    MemoryRateLimiter limiter_{[this] { return now_; }};
    std::deque<std::int64_t> counted_;    // accepted requests still inside the window
    std::vector<std::int64_t> accepted_;  // every accepted request, in order
    int sent_ = 0;
};

TEST_P(RateLimiterSimulation, BurstyTrafficNeverExceedsTheLimitInAnyMinute) {
    const int limit = this->limit();
    Random random(0x5eed'0000 + 1000 * seed() + static_cast<std::uint64_t>(limit));
    std::int64_t now = kSimulationStart;
    const std::int64_t end = kSimulationStart + kTenMinutes;
    while (now < end) {
        if (random.chance(55)) {
            // A burst: up to three times the limit, a few milliseconds apart.
            const std::int64_t size = random.between(1, 3 * limit + 2);
            for (std::int64_t i = 0; i < size && now < end; ++i) {
                send(now);
                if (HasFatalFailure()) return;
                now += random.between(0, 25);
            }
        } else if (random.chance(30)) {
            // Pauses right around the window's edges, where a fixed window leaks.
            static constexpr std::int64_t kEdges[] = {59'999, 60'000, 60'001, 60'999, 61'000,
                                                      61'001, 1'000,  999,    122'000};
            now += kEdges[random.between(0, std::size(kEdges) - 1)];
        } else {
            now += random.between(0, 15'000);
        }
    }

    ASSERT_FALSE(accepted_.empty());
    EXPECT_LE(busiestMinute(accepted_), limit);
    EXPECT_GT(sent_, static_cast<int>(accepted_.size())) << "the load never hit the limit";
}

TEST_P(RateLimiterSimulation, SaturatingTrafficStillGetsAboutTheLimitPerMinute) {
    const int limit = this->limit();
    Random random(0xbeef'0000 + 1000 * seed() + static_cast<std::uint64_t>(limit));
    for (std::int64_t now = kSimulationStart; now < kSimulationStart + kTenMinutes;
         now += random.between(1, 40)) {
        send(now);
        if (HasFatalFailure()) return;
    }
    EXPECT_LE(busiestMinute(accepted_), limit);
    // A request stays counted for at most 61 s, so ten minutes hold at least nine full windows.
    EXPECT_GE(static_cast<int>(accepted_.size()), 9 * limit);
    EXPECT_LE(static_cast<int>(accepted_.size()), 11 * limit);
}

// Ten simulated minutes per case: three limits, several fixed seeds each.
INSTANTIATE_TEST_SUITE_P(LimitsAndSeeds, RateLimiterSimulation,
                         ::testing::Combine(::testing::Values(1, 3, 100), ::testing::Range(0, 6)),
                         [](const auto& info) {
                             return "limit" + std::to_string(std::get<0>(info.param)) + "_seed" +
                                    std::to_string(std::get<1>(info.param));
                         });

}  // namespace
