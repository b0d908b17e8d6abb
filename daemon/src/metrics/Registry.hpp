#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "metrics/Exposition.hpp"
#include "metrics/Instruments.hpp"

namespace lodestone::metrics {

// The series of one metric, one per set of label values. Finding a series that exists takes a
// shared lock and a map lookup; only the first use of a set of values takes the exclusive
// lock. Label values must come from small fixed sets (route templates, status codes, step
// names), never from what a client sends, or the series would grow without bound.
template <class Instrument>
class Family {
  public:
    Family(std::vector<std::string> labelNames, std::function<std::unique_ptr<Instrument>()> make)
        : labelNames_(std::move(labelNames)), make_(std::move(make)) {}

    // The series for `labelValues`, given in the order of the family's label names.
    Instrument& with(const std::vector<std::string>& labelValues) {
        if (labelValues.size() != labelNames_.size()) {
            throw std::invalid_argument("expected " + std::to_string(labelNames_.size()) +
                                        " label values, got " + std::to_string(labelValues.size()));
        }
        {
            std::shared_lock lock(mutex_);
            if (auto found = series_.find(labelValues); found != series_.end()) {
                return *found->second;
            }
        }
        std::unique_lock lock(mutex_);
        auto& slot = series_[labelValues];
        if (!slot) slot = make_();
        return *slot;
    }

    const std::vector<std::string>& labelNames() const { return labelNames_; }

    // Each series, ordered by its label values.
    void forEach(const std::function<void(const std::vector<std::string>&, const Instrument&)>&
                     visit) const {
        std::shared_lock lock(mutex_);
        for (const auto& [values, instrument] : series_) visit(values, *instrument);
    }

  private:
    std::vector<std::string> labelNames_;
    std::function<std::unique_ptr<Instrument>()> make_;
    mutable std::shared_mutex mutex_;
    std::map<std::vector<std::string>, std::unique_ptr<Instrument>> series_;
};

using CounterFamily = Family<Counter>;
using HistogramFamily = Family<Histogram>;

// The counters and histograms of a process, in the order they were registered. Registering
// checks names and labels against the format, so a scrape can never be malformed by them.
class Registry {
  public:
    CounterFamily& counter(const std::string& name, const std::string& help,
                           std::vector<std::string> labelNames);
    HistogramFamily& histogram(const std::string& name, const std::string& help,
                               std::vector<std::string> labelNames,
                               std::vector<double> upperBounds);

    // Every family that has a series; a family nothing has counted yet is left out (a labelled
    // metric has no series before its first use).
    void writeTo(Exposition& out) const;

  private:
    struct Entry {
        std::string name;
        std::string help;
        std::unique_ptr<CounterFamily> counters;
        std::unique_ptr<HistogramFamily> histograms;
    };
    void checkNew(const std::string& name, const std::vector<std::string>& labelNames) const;

    mutable std::mutex mutex_;
    std::vector<std::unique_ptr<Entry>> entries_;
};

}  // namespace lodestone::metrics
