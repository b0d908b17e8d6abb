#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/support/DaemonPhase.hpp"
#include "bench/support/Flags.hpp"
#include "support/ResearchLabels.hpp"

namespace lodestone::bench::accuracy {

struct Options : CommonOptions {
    Options() : CommonOptions(120) {}
    std::vector<std::string> configurations;  // names of kConfigurations; empty: all three
    bool misses = false;                      // print every miss, as the unit test does
};

// One value of pipeline.research.plugin: the instances, in waterfall order.
struct Configuration {
    std::string name;  // as the table shows it
    std::vector<std::string> instances;
    bool readsSites = false;  // held to the site labels too, as ResearchAccuracyTest holds it
};

// [web, basic], web alone, basic alone.
const std::vector<Configuration>& configurations();

// What one daemon made of the labelled set.
struct RunResult {
    explicit RunResult(const std::string& name) : tally(name) {}

    lodestone::test::Tally tally;
    int prospects = 0;         // labelled
    int added = 0;             // answered 201 by Add Lead
    int researched = 0;        // research step completed
    int stepFailures = 0;      // research step failed in the end
    int retries = 0;           // failed research attempts retried (the jobs' retryCount)
    int instanceFailures = 0;  // a waterfall instance left out of the merge (its warning)
    double seconds = 0;        // first Add Lead to the last research step completed
    std::optional<std::string> abortReason;
    std::string addProblem;  // the first Add Lead that was not a 201
    PhaseEnd phase;

    double perSecond() const { return seconds > 0 ? researched / seconds : 0; }
    bool ok() const;
};

// Starts lodestoned with `configuration` as its research, adds every labelled prospect to the
// provisioned campaign through Add Lead, waits until each is scored (or failed) and reads each
// back through the prospect route. Every website is served by `sitesAddress` (127.0.0.1), which
// `resolveYaml` maps every prospect's domain to.
RunResult runConfiguration(const Options& options, const Configuration& configuration,
                           const std::vector<lodestone::test::LabelledProspect>& prospects,
                           const std::string& resolveYaml);

}  // namespace lodestone::bench::accuracy
