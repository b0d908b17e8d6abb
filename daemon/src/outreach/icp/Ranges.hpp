#pragma once

#include <optional>
#include <string>

namespace lodestone::outreach::icp {

// A range of counts or amounts as people write them: "51-200", "1000+", "10,001+",
// "201 - 500 employees", "$1M-$10M", "10-50M", "1B+", "<10". Bounds are inclusive.
struct NumberRange {
    double low = 0;
    std::optional<double> high;  // nothing: open-ended ("1000+")
};

// Nothing when `text` does not read as a range; a single number reads as a one-point range.
// Suffixes k/m/b/t (also mm, bn, thousand, million, billion) scale; a suffix on the upper bound
// only applies to both ("10-50M" is 10M-50M). Currency signs and a trailing unit word
// (employees, people, USD, ARR...) are ignored.
std::optional<NumberRange> parseRange(const std::string& text);

// How a prospect's range sits against a criterion's bounds (either may be open).
enum class RangeFit { Inside, Overlaps, Outside };

struct RangeComparison {
    RangeFit fit = RangeFit::Outside;
    // For Overlaps: the share of the prospect's range inside the bounds, counting whole units
    // (51-200 against max 100 is 50 of 150). Nothing when the prospect's range is open-ended, as
    // an open range has no share to measure.
    std::optional<double> share;
};

RangeComparison compareRange(const NumberRange& range, std::optional<double> min,
                             std::optional<double> max);

}  // namespace lodestone::outreach::icp
