#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "domain/Clock.hpp"
#include "metrics/Registry.hpp"
#include "storage/Store.hpp"

namespace lodestone::app {

// What GET /metrics answers: the process's counters and histograms (metrics::Series), the job
// gauges read from the database, and lodestone_build_info. The database part is read at most
// once per `refresh` and shared by the scrapes in between, so a scraper hammering /metrics
// costs the database one read a second however often it asks.
class MetricsScrape {
  public:
    MetricsScrape(storage::Store& store, const domain::Clock& clock,
                  const metrics::Registry& registry,
                  std::chrono::milliseconds refresh = std::chrono::seconds(1))
        : store_(store), clock_(clock), registry_(registry), refresh_(refresh) {}

    std::string text();

  private:
    // lodestone_jobs, lodestone_queue_depth and lodestone_oldest_queued_seconds, as text.
    std::string readDatabaseGauges();

    storage::Store& store_;
    const domain::Clock& clock_;
    const metrics::Registry& registry_;
    std::chrono::milliseconds refresh_;
    std::mutex mutex_;  // one scrape reads the database; the others wait for its answer
    domain::Timestamp readAt_ = 0;
    bool read_ = false;
    std::string databaseGauges_;
};

}  // namespace lodestone::app
