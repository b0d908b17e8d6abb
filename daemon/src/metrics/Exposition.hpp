#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "metrics/Instruments.hpp"

namespace lodestone::metrics {

// Label names and values of one series, in the family's order.
using LabelPairs = std::vector<std::pair<std::string_view, std::string_view>>;

// Writes the Prometheus text exposition format, version 0.0.4: per family a # HELP and a
// # TYPE line, then its samples, one a line. The caller keeps each family's samples together
// and its series distinct; the writer gets the escaping and the number syntax right.
class Exposition {
  public:
    static constexpr std::string_view kContentType = "text/plain; version=0.0.4; charset=utf-8";

    // `type`: counter, gauge or histogram.
    void family(std::string_view name, std::string_view type, std::string_view help);
    void sample(std::string_view name, const LabelPairs& labels, double value);
    void sample(std::string_view name, const LabelPairs& labels, std::uint64_t value);
    // `name`_bucket{…,le="…"} per bound and +Inf, `name`_sum and `name`_count.
    void histogram(std::string_view name, const LabelPairs& labels,
                   const Histogram::Snapshot& snapshot);

    // Appends text that another Exposition wrote (a cached part of a scrape).
    void append(std::string_view written) { text_ += written; }
    const std::string& text() const { return text_; }

    // A label value inside its double quotes: backslash, double quote and line feed escaped.
    static std::string escapeLabelValue(std::string_view value);
    // The shortest text that reads back as `value`; +Inf, -Inf and NaN as the format spells
    // them.
    static std::string number(double value);

  private:
    void labels(const LabelPairs& labels, std::string_view le = {});

    std::string text_;
};

// Whether `name` may name a metric ([a-zA-Z_:][a-zA-Z0-9_:]*) or a label ([a-zA-Z_][a-zA-Z0-9_]*,
// not starting with the reserved "__").
bool isMetricName(std::string_view name);
bool isLabelName(std::string_view name);

}  // namespace lodestone::metrics
