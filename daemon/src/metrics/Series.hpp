#pragma once

#include "metrics/Registry.hpp"

namespace lodestone::metrics {

// Lodestone's counters and histograms, registered once per process (docs/operations.md,
// "Metrics", says what each means). One registry per process rather than one handed to every
// module: like the process's log, whatever counts anywhere adds to the same scrape.
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

Registry& processRegistry();
const Series& series();

}  // namespace lodestone::metrics
