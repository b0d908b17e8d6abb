// email_bench: how fast lodestoned sends campaign outreach emails end to end into a real SMTP
// server, and the daemon's CPU time per email. See bench/README.md.
//
// Each measurement starts an aiosmtpd server (tests/support/smtp_sink.py, which keeps every
// message it accepts as a file) and a lodestoned on a fresh database whose campaign has an email
// sequence and whose mailer is the bundled mailer-smtp, to that server without TLS. Leads are
// added over the API; the no-op bench plugin researches them, a campaign without ICP criteria
// qualifies them all, and each prospect's sequence is sent. Timed by the server's files and the
// daemon's email_sends; afterwards every prospect must have had every step exactly once (by
// Message-ID), and nothing may have failed. Only 127.0.0.1 receives traffic.
#include <iostream>
#include <vector>

#include "bench/email/EmailOptions.hpp"
#include "bench/email/EmailReport.hpp"
#include "bench/email/Measure.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::email {
namespace {

int run(const Options& options) {
    const Machine machine = Machine::describe();
    std::cout << "email_bench: " << machine.text() << "\n";
    std::vector<Measurement> all;
    bool ok = true;
    // Rounds outermost, so that each concurrency meets the machine's other load alike.
    for (int round = 1; round <= options.rounds; ++round) {
        for (int concurrency : options.concurrencies) {
            std::vector<Mode> modes{Mode::EndToEnd};
            if (options.backlog) modes.push_back(Mode::Backlog);
            for (Mode mode : modes) {
                all.push_back(measure(options, mode, concurrency, round));
                const Measurement& m = all.back();
                printMeasurement(options, m);
                if (options.json) printJson(options, machine, m);
                ok = ok && m.ok();
            }
        }
    }
    if (all.size() > 1) printSummary(options, machine, all);
    if (!ok) std::cerr << "email_bench: FAILED (see above)\n";
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::email

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("email_bench", [&] {
        auto options = email::parseOptions(argc, argv);
        return options ? email::run(*options) : 0;
    });
}
