#pragma once

#include <atomic>

#include "ratelimit/RateLimiter.hpp"
#include "storage/RateLimitRepository.hpp"
#include "storage/Store.hpp"

namespace lodestone::api {

// The rate limit's window kept in the database, so that several lodestoned on one PostgreSQL
// database allow `limit` requests a minute between them, not each (the 429 contract is the
// API key's, whichever host answers). Each request is one short write transaction, in which
// requests of one bucket take turns (RateLimitRepository::counts). Counts older than the window
// are deleted once a minute by whichever host passes the mark.
class SharedRateLimiter final : public ratelimit::RateLimiter {
  public:
    SharedRateLimiter(storage::Store& store, Clock clock);

    ratelimit::Decision take(const std::string& bucket, int limit) override;

  private:
    storage::Store& store_;
    Clock clock_;
    std::atomic<std::int64_t> lastSweep_{0};
};

}  // namespace lodestone::api
