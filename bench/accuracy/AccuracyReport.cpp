#include "bench/accuracy/AccuracyReport.hpp"

#include <Poco/JSON/Object.h>

#include <iomanip>
#include <iostream>
#include <sstream>

#include "bench/support/Report.hpp"

namespace lodestone::bench::accuracy {
namespace {

using lodestone::test::kLabels;
using lodestone::test::LabelledProspect;
using lodestone::test::Tally;

// "412/420 98.1%", as ResearchAccuracyTest prints it.
std::string cell(const Tally& tally, const char* label) {
    const auto found = tally.counts.find(label);
    const auto [right, total] = found == tally.counts.end() ? std::pair(0, 0) : found->second;
    std::ostringstream out;
    out << right << "/" << total << " " << std::fixed << std::setprecision(1)
        << tally.percent(label) << "%";
    return out.str();
}

std::string describe(const LabelledProspect& prospect) {
    std::ostringstream input;
    prospect.input->stringify(input);
    return prospect.file + " #" + std::to_string(prospect.index) + " " + input.str();
}

}  // namespace

void printRun(const Options& options, const RunResult& result,
              const std::vector<LabelledProspect>& prospects) {
    const Tally& tally = result.tally;
    std::cout << "\npipeline.research.plugin: " << tally.plugin << "\n";
    const Table table(26);
    table.row("prospects added",
              std::to_string(result.added) + " of " + std::to_string(result.prospects));
    table.row("research completed", std::to_string(result.researched));
    table.row("researched per second", fixed(result.perSecond(), 2) + "  (" +
                                           fixed(result.seconds, 1) +
                                           " s, first lead to last research step)");
    table.row("research step failures", std::to_string(result.stepFailures) + " failed, " +
                                            std::to_string(result.retries) + " retried; " +
                                            std::to_string(result.instanceFailures) +
                                            " instance runs left out of the merge");
    for (const char* label : kLabels) table.row(label, cell(tally, label));
    table.row("wrongly qualified", std::to_string(tally.wronglyQualified) + " of " +
                                       std::to_string(tally.excludedLabelled) +
                                       " labelled Gambling (campaign excludes it)");
    table.row("daemon exit", result.phase.exit.text() + ", " +
                                 std::to_string(result.phase.problems.count) +
                                 " warnings or worse logged");
    if (result.abortReason) std::cout << "  ABORTED: " << *result.abortReason << "\n";
    if (!result.addProblem.empty()) std::cout << "  Add Lead: " << result.addProblem << "\n";
    if (!result.phase.problems.first.empty()) {
        std::cout << "  first logged problem: " << result.phase.problems.first << "\n";
    }
    if (!options.misses) return;
    std::cout << "  misses (" << tally.misses.size() << "):\n";
    for (const auto& miss : tally.misses) {
        std::cout << "    " << miss.label << ": expected " << miss.expected << ", got " << miss.got
                  << "  " << describe(prospects[miss.prospect]) << "\n";
    }
    for (const auto index : tally.wronglyQualifiedProspects) {
        std::cout << "    wrongly qualified: " << describe(prospects[index]) << "\n";
    }
}

void printSummary(const Machine& machine, const std::vector<RunResult>& results) {
    std::ostringstream out;
    out << "\nResearch accuracy through the pipeline (" << machine.text() << ")\n"
        << std::left << std::setw(12) << "research";
    for (const char* label : kLabels) out << std::setw(16) << label;
    out << std::setw(12) << "wrongly q." << std::setw(10) << "per s"
        << "step failures\n";
    for (const auto& result : results) {
        out << std::setw(12) << result.tally.plugin;
        for (const char* label : kLabels) out << std::setw(16) << cell(result.tally, label);
        out << std::setw(12)
            << (std::to_string(result.tally.wronglyQualified) + "/" +
                std::to_string(result.tally.excludedLabelled))
            << std::setw(10) << fixed(result.perSecond(), 2) << result.stepFailures << "\n";
    }
    std::cout << out.str() << std::flush;
}

}  // namespace lodestone::bench::accuracy
