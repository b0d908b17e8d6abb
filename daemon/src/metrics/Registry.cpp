#include "metrics/Registry.hpp"

#include <set>
#include <stdexcept>

namespace lodestone::metrics {
namespace {

LabelPairs pairsOf(const std::vector<std::string>& names, const std::vector<std::string>& values) {
    LabelPairs pairs;
    pairs.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) pairs.emplace_back(names[i], values[i]);
    return pairs;
}

}  // namespace

void Registry::checkNew(const std::string& name, const std::vector<std::string>& labelNames) const {
    if (!isMetricName(name)) throw std::invalid_argument("not a metric name: " + name);
    std::set<std::string> seen;
    for (const auto& label : labelNames) {
        // `le` is the histogram's own bucket label.
        if (!isLabelName(label) || label == "le" || !seen.insert(label).second) {
            throw std::invalid_argument(name + ": not a usable label name: " + label);
        }
    }
    for (const auto& entry : entries_) {
        if (entry->name == name) throw std::invalid_argument(name + " is registered already");
    }
}

CounterFamily& Registry::counter(const std::string& name, const std::string& help,
                                 std::vector<std::string> labelNames) {
    std::lock_guard lock(mutex_);
    checkNew(name, labelNames);
    auto entry = std::make_unique<Entry>();
    entry->name = name;
    entry->help = help;
    entry->counters = std::make_unique<CounterFamily>(std::move(labelNames),
                                                      [] { return std::make_unique<Counter>(); });
    auto& family = *entry->counters;
    entries_.push_back(std::move(entry));
    return family;
}

HistogramFamily& Registry::histogram(const std::string& name, const std::string& help,
                                     std::vector<std::string> labelNames,
                                     std::vector<double> upperBounds) {
    std::lock_guard lock(mutex_);
    checkNew(name, labelNames);
    Histogram check(upperBounds);  // throws now rather than at the first observation
    auto entry = std::make_unique<Entry>();
    entry->name = name;
    entry->help = help;
    entry->histograms = std::make_unique<HistogramFamily>(
        std::move(labelNames), [upperBounds] { return std::make_unique<Histogram>(upperBounds); });
    auto& family = *entry->histograms;
    entries_.push_back(std::move(entry));
    return family;
}

void Registry::writeTo(Exposition& out) const {
    std::lock_guard lock(mutex_);
    for (const auto& entry : entries_) {
        bool started = false;
        auto start = [&](std::string_view type) {
            if (!started) out.family(entry->name, type, entry->help);
            started = true;
        };
        if (entry->counters) {
            const auto& names = entry->counters->labelNames();
            entry->counters->forEach([&](const auto& values, const Counter& counter) {
                start("counter");
                out.sample(entry->name, pairsOf(names, values), counter.value());
            });
        } else {
            const auto& names = entry->histograms->labelNames();
            entry->histograms->forEach([&](const auto& values, const Histogram& histogram) {
                start("histogram");
                out.histogram(entry->name, pairsOf(names, values), histogram.snapshot());
            });
        }
    }
}

}  // namespace lodestone::metrics
