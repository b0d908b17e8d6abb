#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "dashboard/LoginThrottle.hpp"

using lodestone::dashboard::LoginThrottle;

namespace {

constexpr lodestone::domain::Timestamp kMinute = 60'000;

LoginThrottle throttle() {
    return LoginThrottle({.perAccount = 3, .perAddress = 5, .windowMs = 15 * kMinute});
}

}  // namespace

TEST(LoginThrottle, AnAccountIsRefusedAfterItsLimitUntilTheOldestFailureAgesOut) {
    auto limits = throttle();
    for (int i = 0; i < 3; ++i) EXPECT_EQ(limits.admit("ada", "10.0.0.1", i * kMinute), 0);
    const auto wait = limits.admit("ada", "10.0.0.2", 3 * kMinute);
    EXPECT_EQ(wait, 12 * kMinute) << "until the first failure, at 0, is 15 minutes old";
    EXPECT_GT(limits.admit("ada", "10.0.0.3", 15 * kMinute - 1), 0);
    EXPECT_EQ(limits.admit("ada", "10.0.0.3", 15 * kMinute), 0);
}

TEST(LoginThrottle, AnAddressIsRefusedAfterItsLimitWhateverTheAccounts) {
    auto limits = throttle();
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(limits.admit("user" + std::to_string(i), "10.0.0.1", 0), 0);
    }
    EXPECT_GT(limits.admit("someone-else", "10.0.0.1", 1), 0);
    EXPECT_EQ(limits.admit("someone-else", "10.0.0.2", 1), 0);
}

TEST(LoginThrottle, ASuccessUncountsItselfAndForgetsTheAccountsFailures) {
    auto limits = throttle();
    EXPECT_EQ(limits.admit("ada", "10.0.0.1", 0), 0);
    EXPECT_EQ(limits.admit("ada", "10.0.0.1", 1), 0);
    EXPECT_EQ(limits.admit("ada", "10.0.0.1", 2), 0);
    limits.succeeded("ada", "10.0.0.1", 2);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(limits.admit("ada", "10.0.0.1", 10 + i), 0);
    // The address kept its two failures: 5 in all now.
    EXPECT_GT(limits.admit("grace", "10.0.0.1", 20), 0);
}

TEST(LoginThrottle, AttemptsRacingEachOtherAreAdmittedNoMoreThanTheLimit) {
    auto limits = throttle();
    std::atomic<int> admitted = 0;
    std::vector<std::thread> threads;
    for (int i = 0; i < 16; ++i) {
        threads.emplace_back([&, i] {
            if (limits.admit("ada", "10.0.0." + std::to_string(i), 0) == 0) ++admitted;
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(admitted.load(), 3);
}
