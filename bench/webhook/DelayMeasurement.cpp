#include "bench/webhook/DelayMeasurement.hpp"

#include <algorithm>
#include <chrono>
#include <thread>
#include <unordered_set>

#include "bench/support/CampaignApi.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/Time.hpp"
#include "bench/webhook/WebhookDaemons.hpp"

namespace lodestone::bench::webhook {

namespace {

// Books the meetings on a fixed schedule, so the daemon sees a steady rate rather than bursts;
// returns the ids of those booked.
std::unordered_set<std::string> bookOnSchedule(const Options& options, std::uint16_t port,
                                               const std::string& path,
                                               const std::vector<std::string>& prospects,
                                               Delay& d) {
    std::unordered_set<std::string> meetings;
    ApiConnection connection(port);
    const auto interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(1.0 / options.rate));
    const auto start = Clock::now();
    for (int i = 0; i < d.planned; ++i) {
        const auto due = start + i * interval;
        std::this_thread::sleep_until(due);
        d.maxBehindMs = std::max(d.maxBehindMs, milliseconds(Clock::now() - due));
        const auto& prospect = prospects[static_cast<std::size_t>(options.events + i)];
        if (prospect.empty()) continue;  // its lead failed (counted)
        auto id =
            postExpecting201(connection, path, meetingBody(prospect), kMeetingKey, d.bookings);
        if (!id.empty()) meetings.insert(std::move(id));
    }
    d.bookings.connections = connection.connectionsOpened();
    return meetings;
}

}  // namespace

Delay measureDelay(const Options& options, lodestone::test::ChildProcess& daemon,
                   std::uint16_t port, const RunDir& dir, const Receiver& receiver,
                   const std::vector<std::string>& prospects) {
    Delay d;
    d.planned = options.latencyEvents();
    ReadOnlyDatabase db(dir.databaseFile());
    const std::string campaignId = db.text("SELECT id FROM campaigns WHERE name = 'Bench'");
    const std::string path = "/api/campaigns/" + campaignId + "/meetings";
    const std::int64_t phaseStartMs = epochMillis();
    const CpuMeter cpu(daemon.pid());

    const auto meetings = bookOnSchedule(options, port, path, prospects, d);

    // Every booked event settled in the outbox (delivered or failed) and its attempt recorded.
    const std::string unsettled =
        "SELECT COUNT(*) FROM webhook_outbox WHERE created_at >= ? AND status = 'pending'";
    const std::string settled =
        "SELECT COUNT(*) FROM webhook_outbox WHERE created_at >= ? AND status <> 'pending'";
    d.abortReason = waitFor(
        daemon, options.stallSeconds, "the delay measurement's deliveries",
        [&] { return db.integer(unsettled, {phaseStartMs}) == 0; },
        [&] { return db.integer(settled, {phaseStartMs}); });
    d.cpu = cpu.used(daemon.pid());

    const auto arrivals = receiver.arrivals();
    std::vector<double> endToEnd, claim, send;
    db.query(
        "SELECT o.id, o.created_at, json_extract(o.payload_json, '$.meeting.id'), "
        "o.attempt_count, (SELECT a.started_at FROM webhook_attempts a "
        "WHERE a.delivery_id = o.id AND a.number = 1) "
        "FROM webhook_outbox o WHERE o.created_at >= ?",
        [&](sqlite3_stmt* s) {
            if (!meetings.contains(ReadOnlyDatabase::column(s, 2))) return;
            ++d.events;
            const std::string id = ReadOnlyDatabase::column(s, 0);
            const auto createdAt = static_cast<double>(sqlite3_column_int64(s, 1));
            if (sqlite3_column_int64(s, 3) > 1) ++d.retried;
            const bool started = sqlite3_column_type(s, 4) != SQLITE_NULL;
            const auto startedAt = static_cast<double>(sqlite3_column_int64(s, 4));
            if (started) claim.push_back(startedAt - createdAt);
            auto arrival = arrivals.find(id);
            if (arrival == arrivals.end()) {
                ++d.notReceived;
                return;
            }
            ++d.received;
            endToEnd.push_back(arrival->second.firstMs - createdAt);
            if (started) send.push_back(arrival->second.firstMs - startedAt);
        },
        {phaseStartMs});
    // A booking answered 201 without its event in the outbox would be a lost event.
    d.notReceived += static_cast<std::int64_t>(meetings.size()) - d.events;
    d.endToEnd = summarise(std::move(endToEnd));
    d.claim = summarise(std::move(claim));
    d.send = summarise(std::move(send));
    return d;
}

}  // namespace lodestone::bench::webhook
