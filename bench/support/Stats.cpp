#include "bench/support/Stats.hpp"

#include <algorithm>

namespace lodestone::bench {

Summary summarise(std::vector<double> values) {
    Summary summary;
    summary.count = static_cast<std::int64_t>(values.size());
    if (values.empty()) return summary;
    std::sort(values.begin(), values.end());
    auto at = [&](double q) {
        auto index = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
        return values[std::min(index, values.size() - 1)];
    };
    summary.p50 = at(0.50);
    summary.p90 = at(0.90);
    summary.p99 = at(0.99);
    summary.min = values.front();
    summary.max = values.back();
    return summary;
}

}  // namespace lodestone::bench
