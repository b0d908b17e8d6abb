#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "work/CallWatch.hpp"

using lodestone::work::CallWatch;

namespace {

std::shared_ptr<std::atomic<int>> counter() {
    return std::make_shared<std::atomic<int>>(0);
}

}  // namespace

TEST(CallWatch, ACallThatReturnsStaysTheWorkersAndCannotBeTakenOverAfterwards) {
    auto leftBehind = counter();
    CallWatch watch(leftBehind);
    ASSERT_TRUE(watch.starting());
    EXPECT_TRUE(watch.inCall());
    EXPECT_TRUE(watch.returned());
    EXPECT_FALSE(watch.inCall());
    EXPECT_FALSE(watch.takeOver()) << "the worker concludes this attempt itself";
    EXPECT_EQ(leftBehind->load(), 0);
}

TEST(CallWatch, OnlyACallInFlightCanBeTakenOver) {
    // A worker preparing its attempt, or between two, is in our own code and reports itself.
    CallWatch watch(counter());
    EXPECT_FALSE(watch.takeOver());
    ASSERT_TRUE(watch.starting());
    EXPECT_TRUE(watch.returned());
    EXPECT_FALSE(watch.takeOver());
}

TEST(CallWatch, ACallTakenOverIsCountedUntilItsThreadLetsGo) {
    auto leftBehind = counter();
    CallWatch watch(leftBehind);
    ASSERT_TRUE(watch.starting());
    EXPECT_TRUE(watch.takeOver());
    EXPECT_FALSE(watch.takeOver()) << "an attempt is taken over once";
    EXPECT_EQ(leftBehind->load(), 1);
    // The call returns late: the attempt is no longer the worker's.
    EXPECT_FALSE(watch.returned());
    watch.leftBehindCallReturned();
    EXPECT_EQ(leftBehind->load(), 0);
}

TEST(CallWatch, AStopKeepsACallFromStartingAndLeavesACallInFlightToTheTakeOver) {
    // Stopped while preparing: the worker hands the attempt back without calling.
    CallWatch preparing(counter());
    preparing.stop();
    EXPECT_FALSE(preparing.starting());
    EXPECT_FALSE(preparing.takeOver());
    // Stopped in its call: stop() changes nothing, the take-over decides.
    auto leftBehind = counter();
    CallWatch calling(leftBehind);
    ASSERT_TRUE(calling.starting());
    calling.stop();
    EXPECT_TRUE(calling.takeOver());
    EXPECT_EQ(leftBehind->load(), 1);
}

TEST(CallWatch, AWatchServesOneAttemptAfterAnother) {
    CallWatch watch(counter());
    for (int i = 0; i < 100; ++i) {
        ASSERT_TRUE(watch.starting());
        ASSERT_TRUE(watch.returned()) << i;
    }
}

TEST(CallWatch, WhenReturnAndTakeOverRaceExactlyOneWins) {
    // Run many times: each round, a "worker" returns while a "dispatcher" takes over at the same
    // moment; never both, never neither.
    auto leftBehind = counter();
    for (int round = 0; round < 2'000; ++round) {
        CallWatch watch(leftBehind);
        ASSERT_TRUE(watch.starting());
        std::atomic<bool> go = false;
        bool workerWon = false;
        bool dispatcherWon = false;
        std::thread worker([&] {
            while (!go) std::this_thread::yield();
            workerWon = watch.returned();
        });
        std::thread dispatcher([&] {
            while (!go) std::this_thread::yield();
            dispatcherWon = watch.takeOver();
        });
        go = true;
        worker.join();
        dispatcher.join();
        ASSERT_NE(workerWon, dispatcherWon) << "round " << round;
        if (dispatcherWon) watch.leftBehindCallReturned();
    }
    EXPECT_EQ(leftBehind->load(), 0);
}
