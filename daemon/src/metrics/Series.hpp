#pragma once

#include "metrics/Registry.hpp"

namespace lodestone::metrics {

// Lodestone's counters and histograms (docs/operations.md, "Metrics", says what each means).
struct Series {
    CounterFamily& httpRequests;              // route, status
    HistogramFamily& httpRequestDuration;     // route
    CounterFamily& rateLimited;               // group
    HistogramFamily& stepDuration;            // step, plugin
    CounterFamily& retries;                   // kind
    CounterFamily& webhookDeliveries;         // outcome
    HistogramFamily& webhookDeliveryLatency;  // no labels
    CounterFamily& emails;                    // outcome
    CounterFamily& llmTokens;                 // plugin, type
};

// One process's metrics: the registry a scrape writes and the series registered in it. Owned
// by the application and handed to what counts (the API, each kind of work), as their other
// services are; whatever is handed none counts nothing.
class Metrics {
  public:
    Metrics();
    Metrics(const Metrics&) = delete;
    Metrics& operator=(const Metrics&) = delete;

    Registry& registry() { return registry_; }
    const Series& series() const { return series_; }

  private:
    Registry registry_;  // before series_, whose references point into it
    Series series_;
};

}  // namespace lodestone::metrics
