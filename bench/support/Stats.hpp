#pragma once

#include <cstdint>
#include <vector>

namespace lodestone::bench {

struct Summary {
    std::int64_t count = 0;
    double min = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};

// Percentiles by the nearest rank; all zero for no values.
Summary summarise(std::vector<double> values);

}  // namespace lodestone::bench
