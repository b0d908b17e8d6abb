#pragma once

#include <chrono>
#include <cstdint>

namespace lodestone::outreach::imports {

// What one import may hold (the `imports:` settings, docs/lists.md) and how its rows are worked
// through.
struct ImportLimits {
    std::int64_t maxFileBytes = 100ll * 1024 * 1024;
    std::int64_t maxRows = 1'000'000;
    std::int64_t maxFieldBytes = 64 * 1024;
    int maxColumns = 200;
};

struct ImportPace {
    // Rows per transaction: each is its own commit, so a restart loses at most the batch in
    // flight, which is then done again from its first row.
    int batchRows = 500;
    // Rows per turn of the work engine: an import yields to others (and to a stop) between
    // turns, and its lease never has to outlast more than one.
    int sliceRows = 5'000;
    // A file still arriving after this long without a row is taken to be cut off.
    std::chrono::milliseconds staleUpload = std::chrono::minutes(10);
};

}  // namespace lodestone::outreach::imports
