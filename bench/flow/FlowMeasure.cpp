#include "bench/flow/FlowMeasure.hpp"

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>

#include "bench/flow/FlowCollect.hpp"
#include "bench/flow/FlowConfig.hpp"
#include "bench/support/CampaignApi.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::bench::flow {

namespace {

using namespace std::chrono_literals;
using lodestone::test::ChildProcess;
using lodestone::test::SmtpSink;

// How far the flow has got, in one read transaction. A prospect is past research once it is
// scored; qualified ones (all, here) are then in the sequence, and completed once their one
// email is sent.
const char* const kProgress =
    "SELECT "
    "(SELECT COUNT(*) FROM prospects WHERE status NOT IN ('queued', 'researching')), "
    "(SELECT COUNT(*) FROM prospects WHERE status IN ('qualified', 'in_sequence', 'completed')), "
    "(SELECT COUNT(*) FROM jobs WHERE kind = 'lead_magnet' AND status = 'completed'), "
    "(SELECT COUNT(*) FROM email_sends WHERE status = 'pending' AND waiting_for IS NOT NULL), "
    "(SELECT COUNT(*) FROM email_sends WHERE status = 'sent')";

struct Run {
    const Options& options;
    Measurement& m;
    SmtpSink sink;
    RunDir dir;

    Run(const Options& o, Measurement& measurement)
        : options(o),
          m(measurement),
          sink(lodestone::test::SmtpSinkOptions{.parent = o.sinkParent}),
          dir("lodestone-flow-bench", o.keep) {}

    CpuSample sample(pid_t daemon) const {
        return {static_cast<double>(epochMillis()), processCpuSeconds(daemon),
                processCpuSeconds(sink.pid()), machineBusySeconds()};
    }

    Progress progress(ReadOnlyDatabase& db, pid_t daemon) const {
        Progress p;
        p.atMs = epochMillis();
        db.query(kProgress, [&](sqlite3_stmt* s) {
            p.researched = sqlite3_column_int64(s, 0);
            p.qualified = sqlite3_column_int64(s, 1);
            p.magnets = sqlite3_column_int64(s, 2);
            p.held = sqlite3_column_int64(s, 3);
            p.sent = sqlite3_column_int64(s, 4);
        });
        p.daemonCpu = processCpuSeconds(daemon);
        return p;
    }

    // The campaign's Add Lead route.
    std::string leadsPath(ReadOnlyDatabase& db) const {
        const std::string campaignId =
            db.text("SELECT id FROM campaigns WHERE name = '" + kCampaign + "'");
        if (campaignId.empty()) throw std::runtime_error("the provisioned campaign is missing");
        return "/api/campaigns/" + campaignId + "/leads";
    }

    // The leads from --clients threads, timed in m.leads, while this thread samples the run:
    // the flow starts with the first lead, so adding them is part of the measurement.
    void addLeads(ChildProcess& daemon, std::uint16_t port, ReadOnlyDatabase& db) {
        const std::string path = leadsPath(db);
        std::atomic<bool> added{false};
        ClientStats stats;
        std::thread adding([&] {
            stats =
                runClients(port, options.clients, options.prospects,
                           [&](int i, ApiConnection& connection, ClientStats& mine) {
                               postExpecting201(connection, path, leadBody(i), kProspectKey, mine);
                           });
            added = true;
        });
        auto lastLook = Clock::now() - 1s;
        while (!added) {
            m.cpu.push_back(sample(daemon.pid()));
            if (Clock::now() - lastLook >= 250ms) {
                lastLook = Clock::now();
                m.progress.push_back(progress(db, daemon.pid()));
            }
            std::this_thread::sleep_for(20ms);
        }
        adding.join();
        m.leads = std::move(stats);
    }

    // Until the server has accepted an email for every prospect added: CPU every 20 ms, the
    // database's progress every 250 ms.
    void waitForEmails(ChildProcess& daemon, ReadOnlyDatabase& db) {
        const auto prospects = static_cast<std::size_t>(m.leads.count(201));
        Progress last;
        auto lastLook = Clock::now() - 1s;
        m.abortReason = waitFor(
            daemon, options.stallSeconds, "the emails",
            [&] {
                m.cpu.push_back(sample(daemon.pid()));
                if (Clock::now() - lastLook < 250ms) return false;
                lastLook = Clock::now();
                last = progress(db, daemon.pid());
                m.progress.push_back(last);
                return last.sent >= static_cast<std::int64_t>(prospects) &&
                       sink.messageCount() >= prospects;
            },
            [&] { return last.researched + last.magnets + last.held + last.sent; });
        m.cpu.push_back(sample(daemon.pid()));
    }

    void measure() {
        std::ofstream(dir.configFile()) << configYaml(options, sink.port());
        const auto bench = CpuMeter::beforeLaunch();
        auto daemon = launchLodestoned(dir.configFile());
        writePidFile(options.pidFile, daemon.pid());
        try {
            const std::uint16_t port = waitUntilListening(daemon);
            {
                ReadOnlyDatabase db(dir.databaseFile());
                pauseBefore("adding the leads", options.pauseSeconds);
                m.startMs = epochMillis();
                m.cpu.push_back(sample(daemon.pid()));
                addLeads(daemon, port, db);
                waitForEmails(daemon, db);
                m.memory = memoryOf(daemon.pid());
                m.benchCpu = bench.used(daemon.pid()).bench;
                // Also after an abort: where each stage had got to says where the flow stuck.
                collect(db, sink, port, options.prospects, options.checkPages, m);
            }  // closed before the daemon stops, so the daemon's close is the last one
        } catch (...) {
            m.phases.push_back(endPhase(daemon, "flow", dir, options.keep));
            throw;
        }
        m.phases.push_back(endPhase(daemon, "flow", dir, options.keep));
    }
};

}  // namespace

Measurement measure(const Options& options, int round) {
    Measurement m;
    m.round = round;
    m.expected = options.prospects;
    Run run(options, m);
    std::cerr << "round " << round << ": " << options.prospects << " prospects (SMTP server pid "
              << run.sink.pid() << ", run directory " << run.dir.path().string() << ")\n";
    run.measure();
    return m;
}

}  // namespace lodestone::bench::flow
