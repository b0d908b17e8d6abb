#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

// A strict reader of the Prometheus text exposition format 0.0.4, for tests of GET /metrics:
// anything a real scraper could misread is an error naming its line. Checked: # HELP and # TYPE
// once per family and before its samples, the samples of a family together, metric and label
// names, label value escapes, numbers, no series twice, and for histograms the buckets (le
// ascending, counts not decreasing, +Inf present and equal to _count) with _sum and _count.
namespace lodestone::test {

using MetricLabels = std::map<std::string, std::string>;

struct MetricSample {
    std::string name;  // as written: a histogram's end in _bucket, _sum or _count
    MetricLabels labels;
    double value = 0;
};

struct MetricFamily {
    std::string name;
    std::string type;  // counter, gauge, histogram, summary or untyped
    std::string help;
    std::vector<MetricSample> samples;
};

class MetricsScrape {
  public:
    // Throws std::runtime_error ("line N: …") at the first thing out of format.
    static MetricsScrape parse(const std::string& text);

    const std::map<std::string, MetricFamily>& families() const { return families_; }
    const MetricFamily* family(const std::string& name) const;
    // The sample with exactly these labels, if present.
    std::optional<double> value(const std::string& name, const MetricLabels& labels = {}) const;
    // The same, with an absent series read as 0 (a counter not yet counted).
    double count(const std::string& name, const MetricLabels& labels = {}) const {
        return value(name, labels).value_or(0);
    }

  private:
    std::map<std::string, MetricFamily> families_;
};

}  // namespace lodestone::test
