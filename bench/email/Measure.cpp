#include "bench/email/Measure.hpp"

#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "bench/email/Collect.hpp"
#include "bench/email/EmailConfig.hpp"
#include "bench/support/CampaignApi.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/ReadOnlyDatabase.hpp"
#include "bench/support/RunDir.hpp"
#include "support/SmtpSink.hpp"

namespace lodestone::bench::email {

namespace {

using namespace std::chrono_literals;
using lodestone::test::ChildProcess;
using lodestone::test::SmtpSink;

// Prospects whose sequence is over one way or another, or who never entered one.
const char* const kSettled =
    "SELECT COUNT(*) FROM prospects WHERE status NOT IN ('queued', 'researching', 'scored', "
    "'qualified', 'in_sequence')";
// Prospects researched and scored: qualified ones have their first email scheduled.
const char* const kScored =
    "SELECT COUNT(*) FROM prospects WHERE status NOT IN ('queued', 'researching', 'scored')";
const char* const kSent = "SELECT COUNT(*) FROM email_sends WHERE status = 'sent'";

// The run's one daemon at a time, with what it is measured by.
struct Run {
    const Options& options;
    Measurement& m;
    SmtpSink sink;
    RunDir dir;

    Run(const Options& o, Measurement& measurement)
        : options(o),
          m(measurement),
          sink(lodestone::test::SmtpSinkOptions{.parent = o.sinkParent}),
          dir("lodestone-email-bench", o.keep) {}

    void writeConfig(Mailer mailer) {
        std::ofstream(dir.configFile()) << configYaml(options, sink.port(), mailer, m.concurrency);
    }

    CpuSample sample(pid_t daemon) const {
        return {static_cast<double>(epochMillis()), processCpuSeconds(daemon),
                processCpuSeconds(sink.pid()), machineBusySeconds()};
    }

    // Adds the leads from --clients threads, timed in m.leads.
    void addLeads(std::uint16_t port, ReadOnlyDatabase& db) {
        const std::string campaignId =
            db.text("SELECT id FROM campaigns WHERE name = '" + kCampaign + "'");
        if (campaignId.empty()) throw std::runtime_error("the provisioned campaign is missing");
        const std::string path = "/api/campaigns/" + campaignId + "/leads";
        m.leads =
            runClients(port, options.clients, options.prospects,
                       [&](int i, ApiConnection& connection, ClientStats& stats) {
                           postExpecting201(connection, path, leadBody(i), kProspectKey, stats);
                       });
    }

    // Waits until `doneSql` counts every prospect added, sampling CPU all along (m.cpu).
    void waitUntil(ChildProcess& daemon, ReadOnlyDatabase& db, const std::string& doneSql,
                   const std::string& what, bool sampling) {
        const std::int64_t prospects = m.leads.count(201);
        std::int64_t done = 0, sent = 0;
        auto lastLook = Clock::now() - 1s;
        m.abortReason = waitFor(
            daemon, options.stallSeconds, what,
            [&] {
                if (sampling) m.cpu.push_back(sample(daemon.pid()));
                if (Clock::now() - lastLook >= 100ms) {
                    lastLook = Clock::now();
                    done = db.integer(doneSql);
                    sent = db.integer(kSent);
                }
                return done >= prospects;
            },
            [&] { return done + sent; });
    }

    // The end-to-end measurement, or the sending half of the backlog one.
    void send(const std::function<void(ChildProcess&, std::uint16_t, ReadOnlyDatabase&)>& load) {
        writeConfig(Mailer::Sending);
        const auto bench = CpuMeter::beforeLaunch();
        auto daemon = launchLodestoned(dir.configFile());
        writePidFile(options.pidFile, daemon.pid());
        try {
            const std::uint16_t port = waitUntilListening(daemon);
            {
                ReadOnlyDatabase db(dir.databaseFile());
                load(daemon, port, db);
                waitUntil(daemon, db, kSettled, "the emails", true);
                m.settledMs = epochMillis();
                m.cpu.push_back(sample(daemon.pid()));
                m.benchCpu = bench.used(daemon.pid()).bench;
                if (!m.abortReason) collect(db, sink, options.prospects, options.steps, m);
            }  // closed before the daemon stops, so the daemon's close is the last one
        } catch (...) {
            m.phases.push_back(endPhase(daemon, "sending", dir, options.keep));
            throw;
        }
        m.phases.push_back(endPhase(daemon, "sending", dir, options.keep));
    }

    void endToEnd() {
        send([&](ChildProcess& daemon, std::uint16_t port, ReadOnlyDatabase& db) {
            pauseBefore("adding the leads", options.pauseSeconds);
            m.startMs = epochMillis();
            m.cpu.push_back(sample(daemon.pid()));
            addLeads(port, db);
        });
    }

    void backlog() {
        writeConfig(Mailer::None);
        {
            auto daemon = launchLodestoned(dir.configFile());
            const std::uint16_t port = waitUntilListening(daemon);
            {
                ReadOnlyDatabase db(dir.databaseFile());
                addLeads(port, db);
                waitUntil(daemon, db, kScored, "the prospects' research and scoring", false);
            }
            m.phases.push_back(endPhase(daemon, "qualifying", dir, options.keep));
            if (m.abortReason) return;
        }
        pauseBefore("starting the sender", options.pauseSeconds);
        // From the launch: the sender starts on the backlog as soon as its pool is up.
        m.startMs = epochMillis();
        m.cpu.push_back({static_cast<double>(m.startMs), 0, processCpuSeconds(sink.pid()),
                         machineBusySeconds()});
        send([](ChildProcess&, std::uint16_t, ReadOnlyDatabase&) {});
    }
};

}  // namespace

Measurement measure(const Options& options, Mode mode, int concurrency, int round) {
    Measurement m;
    m.mode = mode;
    m.round = round;
    m.concurrency = concurrency;
    m.expectedEmails = options.emails();
    Run run(options, m);
    std::cerr << "round " << round << ", " << modeName(mode) << ", concurrency " << concurrency
              << ": " << options.prospects << " prospects x " << options.steps
              << (options.steps == 1 ? " step" : " steps") << " (SMTP server pid " << run.sink.pid()
              << ", run directory " << run.dir.path().string() << ")\n";
    if (mode == Mode::EndToEnd) {
        run.endToEnd();
    } else {
        run.backlog();
    }
    return m;
}

}  // namespace lodestone::bench::email
