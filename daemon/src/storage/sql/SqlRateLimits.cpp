#include "storage/sql/Dialect.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

std::vector<RequestCount> SqlRateLimits::counts(const std::string& bucket,
                                                std::int64_t fromSecond) {
    // Before the read, so the count read is the last holder's, committed.
    takeTurns(statements_, TurnsOn::RateLimitBucket, bucket);
    Query select(statements_,
                 "SELECT second, requests FROM rate_limit_counts WHERE bucket = ? AND second >= ? "
                 "ORDER BY second");
    select.bindAll(bucket, fromSecond);
    std::vector<RequestCount> counts;
    select.forEachRow([&](const Row& row) {
        counts.push_back({row.integer("second"), static_cast<int>(row.integer("requests"))});
    });
    return counts;
}

void SqlRateLimits::count(const std::string& bucket, std::int64_t second) {
    Query(statements_,
          "INSERT INTO rate_limit_counts (bucket, second, requests) VALUES (?, ?, 1) "
          "ON CONFLICT (bucket, second) DO UPDATE SET requests = rate_limit_counts.requests + 1")
        .bindAll(bucket, second)
        .execute();
}

void SqlRateLimits::forgetBefore(std::int64_t second) {
    Query(statements_, "DELETE FROM rate_limit_counts WHERE second < ?").bind(second).execute();
}

}  // namespace lodestone::storage::sql
