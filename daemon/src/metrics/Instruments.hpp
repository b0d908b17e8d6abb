#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace lodestone::metrics {

// A count that only goes up. One relaxed atomic add: request threads and workers share it.
class Counter {
  public:
    void add(std::uint64_t amount = 1) { value_.fetch_add(amount, std::memory_order_relaxed); }
    std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

  private:
    std::atomic<std::uint64_t> value_{0};
};

// Observations sorted into fixed buckets (upper bounds, ascending; +Inf is implied). Each
// observation is two relaxed atomic adds and no lock, so the HTTP path can afford one per
// request.
class Histogram {
  public:
    explicit Histogram(std::vector<double> upperBounds);

    void observe(double value);

    struct Snapshot {
        std::vector<double> upperBounds;
        std::vector<std::uint64_t> cumulative;  // one per bound, then +Inf
        double sum = 0;
        // The +Inf bucket's count, so that a scrape racing an observation still shows
        // _count equal to the last bucket, as the format requires.
        std::uint64_t count() const { return cumulative.empty() ? 0 : cumulative.back(); }
    };
    Snapshot snapshot() const;

  private:
    std::vector<double> upperBounds_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // not cumulative; last is +Inf
    std::atomic<double> sum_{0};
};

}  // namespace lodestone::metrics
