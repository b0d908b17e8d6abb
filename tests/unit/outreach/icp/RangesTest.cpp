#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "outreach/icp/Ranges.hpp"

using namespace lodestone::outreach::icp;

namespace {

struct RangeCase {
    std::string text;
    std::optional<double> low;   // nothing: the text is not a range
    std::optional<double> high;  // nothing: open-ended
};

class RangeParsing : public ::testing::TestWithParam<RangeCase> {};

TEST_P(RangeParsing, ReadsWhatPeopleWrite) {
    const auto& c = GetParam();
    auto range = parseRange(c.text);
    if (!c.low) {
        EXPECT_FALSE(range) << c.text << " read as " << range->low;
        return;
    }
    ASSERT_TRUE(range) << c.text;
    EXPECT_DOUBLE_EQ(range->low, *c.low) << c.text;
    EXPECT_EQ(range->high.has_value(), c.high.has_value()) << c.text;
    if (c.high && range->high) {
        EXPECT_DOUBLE_EQ(*range->high, *c.high) << c.text;
    }
}

constexpr std::nullopt_t kOpen = std::nullopt;
constexpr std::nullopt_t kUnreadable = std::nullopt;

INSTANTIATE_TEST_SUITE_P(
    Ranges, RangeParsing,
    ::testing::Values(
        RangeCase{"120", 120, 120}, RangeCase{"51-200", 51, 200}, RangeCase{"1000+", 1000, kOpen},
        RangeCase{"10,001+", 10001, kOpen}, RangeCase{"201 - 500 employees", 201, 500},
        RangeCase{" 1-10 ", 1, 10},
        RangeCase{"1\xe2\x80\x93"
                  "10",
                  1, 10},
        RangeCase{"5k to 10k", 5000, 10000}, RangeCase{"$1M-$10M", 1e6, 1e7},
        RangeCase{"10-50M", 10e6, 50e6}, RangeCase{"1B+", 1e9, kOpen},
        RangeCase{"$2.5M", 2.5e6, 2.5e6}, RangeCase{"$10 million - $50 million", 10e6, 50e6},
        RangeCase{"\xe2\x82\xac"
                  "5M-\xe2\x82\xac"
                  "20M",
                  5e6, 20e6},
        RangeCase{"500K-2M USD", 500e3, 2e6}, RangeCase{"1.5bn+", 1.5e9, kOpen},
        RangeCase{"<10", 0, 10}, RangeCase{"under 50 employees", 0, 50},
        RangeCase{"over 10,000", 10000, kOpen}, RangeCase{"1000 or more", 1000, kOpen},
        RangeCase{"", kUnreadable, kOpen}, RangeCase{"lots", kUnreadable, kOpen},
        RangeCase{"many employees", kUnreadable, kOpen}, RangeCase{"about 50", kUnreadable, kOpen},
        RangeCase{"200-50", kUnreadable, kOpen}, RangeCase{"10-", kUnreadable, kOpen},
        RangeCase{"50 apples", kUnreadable, kOpen}, RangeCase{"1-2-3", kUnreadable, kOpen},
        RangeCase{"$", kUnreadable, kOpen},
        RangeCase{"99999999999999999999999999", kUnreadable, kOpen}));

struct FitCase {
    NumberRange range;
    std::optional<double> min;
    std::optional<double> max;
    RangeFit fit;
    std::optional<double> share;
};

class RangeComparing : public ::testing::TestWithParam<FitCase> {};

TEST_P(RangeComparing, PlacesTheRangeAgainstTheBounds) {
    const auto& c = GetParam();
    auto comparison = compareRange(c.range, c.min, c.max);
    EXPECT_EQ(comparison.fit, c.fit);
    ASSERT_EQ(comparison.share.has_value(), c.share.has_value());
    if (c.share) {
        EXPECT_DOUBLE_EQ(*comparison.share, *c.share);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Ranges, RangeComparing,
    ::testing::Values(
        FitCase{{51, 200}, 50, 1000, RangeFit::Inside, std::nullopt},
        FitCase{{50, 1000}, 50, 1000, RangeFit::Inside, std::nullopt},
        FitCase{{51, 200}, std::nullopt, 100, RangeFit::Overlaps, 50.0 / 150},
        FitCase{{10, 50}, 50, std::nullopt, RangeFit::Overlaps, 1.0 / 41},
        FitCase{{1001, 5000}, 50, 1000, RangeFit::Outside, std::nullopt},
        FitCase{{1, 10}, 50, 1000, RangeFit::Outside, std::nullopt},
        FitCase{{1000, std::nullopt}, 50, std::nullopt, RangeFit::Inside, std::nullopt},
        FitCase{{1000, std::nullopt}, 50, 5000, RangeFit::Overlaps, std::nullopt},
        FitCase{{1000, std::nullopt}, std::nullopt, 500, RangeFit::Outside, std::nullopt},
        FitCase{{120, 120}, 50, 1000, RangeFit::Inside, std::nullopt},
        FitCase{{20, 20}, 50, 1000, RangeFit::Outside, std::nullopt}));

}  // namespace
