// flow_bench: the whole outreach flow through one lodestoned, in prospects a second, with the
// daemon's CPU time per prospect and its memory at the end. See bench/README.md.
//
// Each measurement starts an aiosmtpd server (tests/support/smtp_sink.py, which keeps every
// message it accepts as a file) and a lodestoned on a fresh database whose campaign names a
// lead-magnet project and has a one-step sequence linking to the prospect's lead magnet
// ({{leadMagnetUrl}}). Leads are added over the API; the no-op bench plugin researches them, a
// campaign without ICP criteria qualifies them all, each gets its own lead magnet written by the
// shipped content-template plugin, and its email, held until that page is finished, goes
// through the bundled mailer-smtp to the server. Timed from the first lead to the server's last
// acceptance; afterwards every message must link to its prospect's own finished page, and a
// sample of those pages must answer 200. Only 127.0.0.1 receives traffic.
#include <iostream>
#include <vector>

#include "bench/flow/FlowMeasure.hpp"
#include "bench/flow/FlowOptions.hpp"
#include "bench/flow/FlowReport.hpp"
#include "bench/support/Machine.hpp"

namespace lodestone::bench::flow {
namespace {

int run(const Options& options) {
    const Machine machine = Machine::describe();
    std::cout << "flow_bench: " << machine.text() << "\n";
    std::vector<Measurement> all;
    bool ok = true;
    for (int round = 1; round <= options.rounds; ++round) {
        all.push_back(measure(options, round));
        const Measurement& m = all.back();
        printMeasurement(options, m);
        if (options.json) printJson(options, machine, m);
        ok = ok && m.ok();
    }
    if (all.size() > 1) printSummary(options, machine, all);
    if (!ok) std::cerr << "flow_bench: FAILED (see above)\n";
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::flow

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("flow_bench", [&] {
        auto options = flow::parseOptions(argc, argv);
        return options ? flow::run(*options) : 0;
    });
}
