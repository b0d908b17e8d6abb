#include "metrics/Series.hpp"

namespace lodestone::metrics {

namespace {

Series registerIn(Registry& registry) {
    // Buckets: an API request takes well under a millisecond to tens of milliseconds; a step
    // from a fraction of a second (finalize) to minutes (a language model); a webhook from tens
    // of milliseconds to its timeout.
    return Series{
        registry.counter("lodestone_http_requests_total",
                         "HTTP requests answered, by route template and status code.",
                         {"route", "status"}),
        registry.histogram(
            "lodestone_http_request_duration_seconds",
            "Time a request handler took to produce its answer, by route template.", {"route"},
            {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}),
        registry.counter("lodestone_rate_limited_total",
                         "API requests refused with 429 by their key's rate limit, by "
                         "limit group.",
                         {"group"}),
        registry.histogram("lodestone_step_duration_seconds",
                           "Time a job step's run took (plugin call included), "
                           "whatever its outcome, by step and plugin.",
                           {"step", "plugin"},
                           {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600}),
        registry.counter("lodestone_retries_total",
                         "Failed attempts scheduled to run again, by kind of work.", {"kind"}),
        registry.counter("lodestone_webhook_deliveries_total",
                         "Webhook delivery attempts recorded, by outcome.", {"outcome"}),
        registry.histogram("lodestone_webhook_delivery_latency_seconds",
                           "Time from sending a webhook delivery attempt to its receiver's answer.",
                           {}, {0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}),
        registry.counter("lodestone_emails_total",
                         "Outreach email send attempts recorded, by outcome.", {"outcome"}),
        registry.counter("lodestone_llm_tokens_total",
                         "Language-model tokens content plugins reported using, by "
                         "plugin and type (prompt, completion).",
                         {"plugin", "type"}),
    };
}

}  // namespace

Metrics::Metrics() : series_(registerIn(registry_)) {}

}  // namespace lodestone::metrics
