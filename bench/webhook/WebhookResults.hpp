#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/support/ApiClient.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/Stats.hpp"
#include "bench/webhook/Receiver.hpp"
#include "bench/webhook/WebhookDaemons.hpp"

namespace lodestone::bench::webhook {

struct Preparation {
    ClientStats leads;
    std::int64_t prospectJobsCompleted = 0, prospectJobsFailed = 0;
    double prospectJobsSeconds = 0;  // from the first lead to the last prospect job finished
    ClientStats bookings;            // the backlog, booked by the daemon that runs no jobs
    std::int64_t outboxRows = 0;
};

struct Backlog {
    std::int64_t events = 0;
    std::int64_t startMs = 0;  // process started (as the bench launched it)
    std::optional<std::int64_t> poolStartedMs, listeningMs;  // from the daemon's log
    double firstArrivalMs = 0, lastArrivalMs = 0;            // receiver, first of each id
    std::int64_t dbFirstStartedMs = 0, dbLastFinishedMs = 0;
    std::int64_t attempts = 0, attemptsDelivered = 0, attemptsFailed = 0;
    std::map<std::string, std::int64_t> outboxStatuses;
    std::size_t received = 0;       // distinct webhook-ids at the receiver
    std::int64_t duplicateIds = 0;  // ids that arrived more than once
    Summary attemptMs;              // finished_at - started_at per attempt (claim to recorded)
    Summary pluginMs;               // latency_ms: the plugin call, request built to answer read
    Summary perSecond;              // arrivals per whole second of the run
    double firstSecond = 0, lastSecond = 0;  // arrivals in the first and the last whole second
    std::int64_t claimTimes = 0;             // distinct started_at: about the number of claims
    CpuUse cpu;
    std::optional<std::string> abortReason;

    double fromStartRate() const {
        return static_cast<double>(received) /
               ((lastArrivalMs - static_cast<double>(startMs)) / 1e3);
    }
    double fromListeningRate() const {
        return listeningMs ? static_cast<double>(received) /
                                 ((lastArrivalMs - static_cast<double>(*listeningMs)) / 1e3)
                           : 0;
    }
    double arrivalsRate() const {
        return received > 1
                   ? static_cast<double>(received - 1) / ((lastArrivalMs - firstArrivalMs) / 1e3)
                   : 0;
    }
    double dbSeconds() const {
        return static_cast<double>(dbLastFinishedMs - dbFirstStartedMs) / 1e3;
    }
    double dbRate() const { return static_cast<double>(attemptsDelivered) / dbSeconds(); }
    std::int64_t delivered() const {
        auto it = outboxStatuses.find("delivered");
        return it == outboxStatuses.end() ? 0 : it->second;
    }
};

struct Delay {
    int planned = 0;
    ClientStats bookings;
    double maxBehindMs = 0;   // how far the client fell behind its schedule at worst
    std::int64_t events = 0;  // outbox rows of the booked meetings
    std::int64_t received = 0, notReceived = 0, retried = 0;
    Summary endToEnd;  // receiver's first arrival - created_at
    Summary claim;     // first attempt's started_at - created_at
    Summary send;      // receiver's first arrival - first attempt's started_at
    CpuUse cpu;
    std::optional<std::string> abortReason;
};

struct Results {
    Preparation preparation;
    std::optional<Backlog> backlog;
    std::optional<Delay> delay;
    Receiver::Counts receiver;
    std::vector<PhaseEnd> phases;
    std::optional<std::string> abortReason;
    Machine machine;
};

}  // namespace lodestone::bench::webhook
