#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lodestone::storage {

// Requests counted against the API's rate-limit buckets, per second, where several lodestoned
// share one count (PostgreSQL): the 429 contract holds for all of them together.
struct RequestCount {
    std::int64_t second = 0;  // epoch second
    int requests = 0;
};

class RateLimitRepository {
  public:
    virtual ~RateLimitRepository() = default;
    // The bucket's counts of `fromSecond` and later, oldest first. On PostgreSQL the bucket is
    // locked first, to the end of the transaction: hosts deciding on one bucket take turns.
    virtual std::vector<RequestCount> counts(const std::string& bucket,
                                             std::int64_t fromSecond) = 0;
    // One more request in the bucket's `second`.
    virtual void count(const std::string& bucket, std::int64_t second) = 0;
    // Every bucket's counts before `second`, which no window holds any more.
    virtual void forgetBefore(std::int64_t second) = 0;
};

}  // namespace lodestone::storage
