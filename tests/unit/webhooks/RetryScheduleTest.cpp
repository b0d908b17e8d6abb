// The retry policy: the first attempt at once, then one retry per configured delay.
#include <gtest/gtest.h>

#include "webhooks/RetrySchedule.hpp"

using namespace lodestone;
using namespace lodestone::webhooks;
using namespace std::chrono_literals;

namespace {

constexpr domain::Timestamp kFailed = 1'750'000'000'000;

RetrySchedule specSchedule() {
    return RetrySchedule({1min, 5min, 30min, 2h});
}

TEST(RetrySchedule, EachOfTheFirstFourFailuresWaitsItsDelayAfterTheFailure) {
    const auto schedule = specSchedule();
    EXPECT_EQ(schedule.retryAt(1, false, kFailed), kFailed + 60'000);
    EXPECT_EQ(schedule.retryAt(2, false, kFailed), kFailed + 300'000);
    EXPECT_EQ(schedule.retryAt(3, false, kFailed), kFailed + 1'800'000);
    EXPECT_EQ(schedule.retryAt(4, false, kFailed), kFailed + 7'200'000);
    // Measured from when that attempt failed, not from the first one.
    EXPECT_EQ(schedule.retryAt(2, false, kFailed + 123), kFailed + 123 + 300'000);
}

TEST(RetrySchedule, TheFifthAttemptIsTheLast) {
    const auto schedule = specSchedule();
    EXPECT_EQ(schedule.attemptsAllowed(), 5);
    EXPECT_EQ(schedule.retryAt(5, false, kFailed), std::nullopt);
    EXPECT_EQ(schedule.retryAt(6, false, kFailed), std::nullopt);
}

TEST(RetrySchedule, ARedeliveryIsNeverRetried) {
    const auto schedule = specSchedule();
    for (int attempt = 1; attempt <= 6; ++attempt) {
        EXPECT_EQ(schedule.retryAt(attempt, true, kFailed), std::nullopt) << "attempt " << attempt;
    }
}

TEST(RetrySchedule, AScheduleShortenedBelowTheAttemptNumberEndsTheDelivery) {
    // A delivery on its fourth attempt when the operator cut the schedule to two retries.
    const RetrySchedule shortened({1min, 5min});
    EXPECT_EQ(shortened.attemptsAllowed(), 3);
    EXPECT_EQ(shortened.retryAt(2, false, kFailed), kFailed + 300'000);
    EXPECT_EQ(shortened.retryAt(3, false, kFailed), std::nullopt);
    EXPECT_EQ(shortened.retryAt(4, false, kFailed), std::nullopt);
}

TEST(RetrySchedule, AnEmptyScheduleAllowsOneAttempt) {
    const RetrySchedule none({});
    EXPECT_EQ(none.attemptsAllowed(), 1);
    EXPECT_EQ(none.retryAt(1, false, kFailed), std::nullopt);
}

TEST(RetrySchedule, AnAttemptNumberBelowOneGetsNoRetry) {
    EXPECT_EQ(specSchedule().retryAt(0, false, kFailed), std::nullopt);
    EXPECT_EQ(specSchedule().retryAt(-1, false, kFailed), std::nullopt);
}

}  // namespace
