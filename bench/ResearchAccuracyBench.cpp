// research_accuracy_bench: the labelled set (tests/data/research-labels) through the whole
// pipeline of a real lodestoned, once per research configuration: [research-web,
// research-basic], research-web alone, research-basic alone. See bench/README.md.
//
// tests/unit/default_plugins/ResearchAccuracyTest.cpp runs the plugins in process; this adds
// what it leaves out: Add Lead's body and what the daemon makes of it (the research input,
// skipCompanyEnrichment), the waterfall's own merge, the research step's timeout and retries,
// and the score step against a campaign that excludes Gambling. Each run starts a lodestoned on a
// fresh database, adds every prospect through Add Lead, waits (polling the database read-only)
// until each is scored, and reads each back through GET /api/campaigns/{id}/leads/{prospectId}.
// The answers are scored exactly as the unit test scores them (support/ResearchLabels.hpp).
// research-web's `resolve` maps every domain to the fixture server in this process on
// 127.0.0.1: nothing else is ever contacted.
#include <iostream>
#include <set>
#include <stdexcept>
#include <vector>

#include "bench/accuracy/AccuracyReport.hpp"
#include "bench/accuracy/AccuracyRun.hpp"
#include "bench/support/Machine.hpp"
#include "support/LabelledSites.hpp"

namespace lodestone::bench::accuracy {
namespace {

const char* const kProspects = LODESTONE_RESEARCH_LABELS "/prospects";
const char* const kSites = LODESTONE_RESEARCH_LABELS "/sites";

std::optional<Options> parseOptions(int argc, char** argv) {
    Options options;
    Flags flags(argc, argv);
    while (flags.next()) {
        if (flags.isHelp()) {
            std::cout << "usage: research_accuracy_bench [--only web+basic|web|basic]... "
                         "[--misses] [--stall-timeout S] [--sync normal|off|full] [--keep] "
                         "[--pause S] [--pid-file F]\n";
            return std::nullopt;
        }
        if (flags.is("--only")) {
            options.configurations.push_back(flags.value());
        } else if (flags.is("--misses")) {
            options.misses = true;
        } else if (!readCommonFlag(flags, options)) {
            flags.unknown();
        }
    }
    for (const auto& name : options.configurations) {
        bool known = false;
        for (const auto& configuration : configurations()) known |= configuration.name == name;
        if (!known) throw std::invalid_argument("--only: no configuration " + name);
    }
    return options;
}

bool wanted(const Options& options, const Configuration& configuration) {
    if (options.configurations.empty()) return true;
    for (const auto& name : options.configurations) {
        if (name == configuration.name) return true;
    }
    return false;
}

int run(const Options& options) {
    const Machine machine = Machine::describe();
    std::cout << "research_accuracy_bench: " << machine.text() << "\n";
    const auto prospects = lodestone::test::loadProspects(kProspects);
    // Every domain (and its www.) goes to the fixture server, which answers 404 for those
    // without a site, so no name is ever looked up.
    lodestone::test::LabelledSites sites(kSites);
    std::set<std::string> hosts = sites.hosts();
    for (const auto& prospect : prospects) hosts.insert(prospect.domain);
    const std::string resolve = sites.resolveYaml(hosts);

    std::vector<RunResult> results;
    bool ok = true;
    for (const auto& configuration : configurations()) {
        if (!wanted(options, configuration)) continue;
        results.push_back(runConfiguration(options, configuration, prospects, resolve));
        printRun(options, results.back(), prospects);
        ok = ok && results.back().ok();
    }
    printSummary(machine, results);
    if (!ok) std::cerr << "research_accuracy_bench: FAILED (see above)\n";
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace lodestone::bench::accuracy

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("research_accuracy_bench", [&] {
        auto options = accuracy::parseOptions(argc, argv);
        return options ? accuracy::run(*options) : 0;
    });
}
