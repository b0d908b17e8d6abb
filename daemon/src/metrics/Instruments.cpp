#include "metrics/Instruments.hpp"

#include <algorithm>
#include <stdexcept>

namespace lodestone::metrics {

Histogram::Histogram(std::vector<double> upperBounds)
    : upperBounds_(std::move(upperBounds)),
      buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(upperBounds_.size() + 1)) {
    if (!std::is_sorted(upperBounds_.begin(), upperBounds_.end()) ||
        std::adjacent_find(upperBounds_.begin(), upperBounds_.end()) != upperBounds_.end()) {
        throw std::invalid_argument("histogram bounds must be strictly ascending");
    }
}

void Histogram::observe(double value) {
    // The first bound at or above the value: Prometheus buckets are "less than or equal".
    const auto bucket = static_cast<std::size_t>(
        std::lower_bound(upperBounds_.begin(), upperBounds_.end(), value) - upperBounds_.begin());
    buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
    sum_.fetch_add(value, std::memory_order_relaxed);
}

Histogram::Snapshot Histogram::snapshot() const {
    Snapshot snapshot;
    snapshot.upperBounds = upperBounds_;
    snapshot.cumulative.reserve(upperBounds_.size() + 1);
    std::uint64_t running = 0;
    for (std::size_t i = 0; i <= upperBounds_.size(); ++i) {
        running += buckets_[i].load(std::memory_order_relaxed);
        snapshot.cumulative.push_back(running);
    }
    snapshot.sum = sum_.load(std::memory_order_relaxed);
    return snapshot;
}

}  // namespace lodestone::metrics
