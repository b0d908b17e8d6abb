#pragma once

#include <functional>
#include <optional>
#include <string>

#include "auth/ApiKeyCache.hpp"
#include "config/Config.hpp"
#include "domain/Clock.hpp"
#include "leadmagnet/ProjectCache.hpp"
#include "leadmagnet/StepTimings.hpp"
#include "metrics/Series.hpp"
#include "ratelimit/RateLimiter.hpp"
#include "storage/Store.hpp"

namespace lodestone::api {

// What request handling shares across requests. Owned by the HTTP subsystem; every member is
// safe to use from many request threads at once.
struct ApiServices {
    const config::Config& config;
    storage::Store& store;
    const domain::Clock& clock;
    auth::ApiKeyCache& keys;
    ratelimit::RateLimiter& limiter;
    leadmagnet::StepTimings& stepTimings;
    // Projects as Generate reads them: every create needs its project's schema.
    leadmagnet::ProjectCache& projects;
    std::function<void()> jobQueued;      // wakes the job engine after a job is created or retried
    std::function<void()> webhookQueued;  // wakes the delivery loop after an event or redelivery
    std::function<void()> importQueued;   // wakes the import workers after a file has arrived
    // Why the daemon is not ready for traffic (GET /readyz), or nullopt when it is.
    std::function<std::optional<std::string>()> notReady;
    // What GET /metrics answers on this listener; empty when metrics have a listener of their
    // own (server.metrics_listen), and /metrics is no route here.
    std::function<std::string()> metrics;
    // Where rate-limited requests are counted (none: nowhere).
    const metrics::Series* series = nullptr;
};

}  // namespace lodestone::api
