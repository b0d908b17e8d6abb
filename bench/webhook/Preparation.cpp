#include "bench/webhook/Preparation.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "bench/support/CampaignApi.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/webhook/WebhookDaemons.hpp"

namespace lodestone::bench::webhook {

std::vector<std::string> prepare(const Options& options, const RunDir& dir,
                                 const std::string& webhookUrl, Results& r) {
    Preparation& p = r.preparation;
    const int leads = options.events + options.latencyEvents();
    std::vector<std::string> prospects(static_cast<std::size_t>(leads));
    std::string leadsPath;
    {
        std::ofstream(dir.configFile()) << configYaml(options, webhookUrl, Role::Prospects);
        auto daemon = launchLodestoned(dir.configFile());
        const std::uint16_t port = waitUntilListening(daemon);
        auto db = std::make_unique<ReadOnlyDatabase>(dir.databaseFile());
        const std::string campaignId = db->text("SELECT id FROM campaigns WHERE name = 'Bench'");
        if (campaignId.empty()) throw std::runtime_error("the provisioned campaign is missing");
        leadsPath = "/api/campaigns/" + campaignId + "/leads";
        std::cerr << "adding " << leads << " leads (lodestoned pid " << daemon.pid() << ", port "
                  << port << ", run directory " << dir.path().string() << ")\n";
        const auto start = Clock::now();
        p.leads = runClients(port, options.clients, leads,
                             [&](int i, ApiConnection& connection, ClientStats& stats) {
                                 prospects[static_cast<std::size_t>(i)] = postExpecting201(
                                     connection, leadsPath, leadBody(i), kProspectKey, stats);
                             });
        const std::string unfinished =
            "SELECT COUNT(*) FROM jobs WHERE kind = 'prospect' AND status NOT IN ('completed', "
            "'failed')";
        const std::string finished =
            "SELECT COUNT(*) FROM jobs WHERE kind = 'prospect' AND status IN ('completed', "
            "'failed')";
        r.abortReason = waitFor(
            daemon, options.stallSeconds, "the prospects' research and scoring",
            [&] { return db->integer(unfinished) == 0; }, [&] { return db->integer(finished); });
        p.prospectJobsSeconds = seconds(Clock::now() - start);
        p.prospectJobsCompleted = db->integer(
            "SELECT COUNT(*) FROM jobs WHERE kind = 'prospect' AND status = 'completed'");
        p.prospectJobsFailed =
            db->integer("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect' AND status = 'failed'");
        // Closed before the daemon stops, so the daemon's close is the last one.
        db.reset();
        r.phases.push_back(endPhase(daemon, "prospects", dir, options.keep));
    }
    if (r.abortReason || options.events == 0) return prospects;

    std::ofstream(dir.configFile()) << configYaml(options, webhookUrl, Role::Booking);
    auto daemon = launchLodestoned(dir.configFile());
    const std::uint16_t port = waitUntilListening(daemon);
    const std::string meetingsPath =
        leadsPath.substr(0, leadsPath.size() - std::string("leads").size()) + "meetings";
    std::cerr << "booking a backlog of " << options.events << " meetings (lodestoned pid "
              << daemon.pid() << ", jobs.run: false)\n";
    p.bookings = runClients(port, options.clients, options.events,
                            [&](int i, ApiConnection& connection, ClientStats& stats) {
                                const auto& prospect = prospects[static_cast<std::size_t>(i)];
                                if (prospect.empty()) return;  // its lead failed (counted)
                                postExpecting201(connection, meetingsPath, meetingBody(prospect),
                                                 kMeetingKey, stats);
                            });
    {
        ReadOnlyDatabase db(dir.databaseFile());
        p.outboxRows = db.integer("SELECT COUNT(*) FROM webhook_outbox");
    }
    r.phases.push_back(endPhase(daemon, "backlog-booking", dir, options.keep));
    return prospects;
}

}  // namespace lodestone::bench::webhook
