#include "bench/webhook/BacklogMeasurement.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "bench/support/DaemonLog.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/Time.hpp"
#include "bench/webhook/WebhookDaemons.hpp"

namespace lodestone::bench::webhook {

namespace {

using namespace std::chrono_literals;

const std::string kPoolStarted = "delivering webhooks through plugin";

// When the receiver first saw each event: the span, duplicates, and the rate per whole second.
void summariseArrivals(const Receiver& receiver, Backlog& b) {
    const auto arrivals = receiver.arrivals();
    b.received = arrivals.size();
    std::vector<double> firsts;
    firsts.reserve(arrivals.size());
    for (const auto& [id, arrival] : arrivals) {
        firsts.push_back(arrival.firstMs);
        if (arrival.requests > 1) ++b.duplicateIds;
    }
    std::sort(firsts.begin(), firsts.end());
    if (firsts.empty()) return;
    b.firstArrivalMs = firsts.front();
    b.lastArrivalMs = firsts.back();
    // Arrivals in each whole second from the first one, the last (partial) second left out.
    std::vector<double> buckets(
        static_cast<std::size_t>((b.lastArrivalMs - b.firstArrivalMs) / 1000.0), 0.0);
    for (double at : firsts) {
        auto index = static_cast<std::size_t>((at - b.firstArrivalMs) / 1000.0);
        if (index < buckets.size()) buckets[index] += 1;
    }
    if (!buckets.empty()) {
        b.firstSecond = buckets.front();
        b.lastSecond = buckets.back();
    }
    b.perSecond = summarise(std::move(buckets));
}

// What the daemon recorded of its attempts and of the outbox.
void summariseAttempts(ReadOnlyDatabase& db, Backlog& b) {
    db.query(
        "SELECT MIN(started_at), MAX(finished_at), COUNT(*), "
        "COALESCE(SUM(outcome = 'delivered'), 0), COALESCE(SUM(outcome = 'failed'), 0) "
        "FROM webhook_attempts",
        [&](sqlite3_stmt* s) {
            b.dbFirstStartedMs = sqlite3_column_int64(s, 0);
            b.dbLastFinishedMs = sqlite3_column_int64(s, 1);
            b.attempts = sqlite3_column_int64(s, 2);
            b.attemptsDelivered = sqlite3_column_int64(s, 3);
            b.attemptsFailed = sqlite3_column_int64(s, 4);
        });
    // A claim stamps started_at = its own "now" on every attempt it starts.
    b.claimTimes = db.integer("SELECT COUNT(DISTINCT started_at) FROM webhook_attempts");
    db.query("SELECT status, COUNT(*) FROM webhook_outbox GROUP BY status", [&](sqlite3_stmt* s) {
        b.outboxStatuses[ReadOnlyDatabase::column(s, 0)] = sqlite3_column_int64(s, 1);
    });
    std::vector<double> attemptMs, pluginMs;
    db.query(
        "SELECT finished_at - started_at, latency_ms FROM webhook_attempts "
        "WHERE finished_at IS NOT NULL",
        [&](sqlite3_stmt* s) {
            attemptMs.push_back(static_cast<double>(sqlite3_column_int64(s, 0)));
            if (sqlite3_column_type(s, 1) != SQLITE_NULL) {
                pluginMs.push_back(static_cast<double>(sqlite3_column_int64(s, 1)));
            }
        });
    b.attemptMs = summarise(std::move(attemptMs));
    b.pluginMs = summarise(std::move(pluginMs));
}

}  // namespace

Backlog measureBacklog(const Options& options, lodestone::test::ChildProcess& daemon,
                       const RunDir& dir, std::int64_t startMs, const Receiver& receiver,
                       std::int64_t events, const CpuMeter& cpu) {
    Backlog b;
    b.events = events;
    b.startMs = startMs;
    std::unique_ptr<ReadOnlyDatabase> db;
    std::int64_t settled = 0;
    auto lastDbLook = Clock::now() - 1s;
    b.abortReason = waitFor(
        daemon, options.stallSeconds, "the backlog's deliveries",
        [&] {
            if (Clock::now() - lastDbLook >= 100ms) {
                lastDbLook = Clock::now();
                // Read only once the daemon has the database open (in WAL mode): its delivery
                // pool starts after the storage.
                if (!db && daemon.errors().find(kPoolStarted) == std::string::npos) return false;
                if (!db) db = std::make_unique<ReadOnlyDatabase>(dir.databaseFile());
                settled =
                    db->integer("SELECT COUNT(*) FROM webhook_outbox WHERE status <> 'pending'");
            }
            return settled >= events;
        },
        [&] { return settled + static_cast<std::int64_t>(receiver.counts().distinct); });
    b.cpu = cpu.used(daemon.pid());

    const std::string log = daemon.errors();
    b.poolStartedMs = loggedAt(log, kPoolStarted);
    b.listeningMs = loggedAt(log, "listening on http://");

    summariseArrivals(receiver, b);
    if (!db) db = std::make_unique<ReadOnlyDatabase>(dir.databaseFile());
    summariseAttempts(*db, b);
    return b;
}

}  // namespace lodestone::bench::webhook
