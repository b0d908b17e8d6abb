#include "bench/budget/CountedLodestoned.hpp"

#include <chrono>
#include <fstream>
#include <regex>
#include <stdexcept>
#include <string>

namespace lodestone::bench {

using namespace std::chrono_literals;

namespace {

std::vector<std::string> callgrindArguments(const std::filesystem::path& configFile,
                                            const std::filesystem::path& outputDirectory) {
    return {"--tool=callgrind", "--quiet",
            // Not even instrumented before zero(): start-up (the database's first migration,
            // provisioning) is not what a budget is about, and runs several times faster so.
            "--instr-atstart=no", "--dump-instr=no",
            "--callgrind-out-file=" + (outputDirectory / "callgrind.out").string(), LODESTONED_PATH,
            "--config", configFile.string()};
}

// The "summary:" line of a callgrind dump: the instructions it counted.
std::uint64_t summaryOf(const std::filesystem::path& file) {
    std::ifstream in(file);
    static const std::regex summary(R"(^summary:\s+(\d+))");
    std::smatch match;
    for (std::string line; std::getline(in, line);) {
        if (std::regex_search(line, match, summary)) return std::stoull(match[1].str());
    }
    throw std::runtime_error(file.string() + " has no summary line: was the dump cut short?");
}

}  // namespace

CountedLodestoned::CountedLodestoned(const std::filesystem::path& configFile,
                                     const std::filesystem::path& outputDirectory)
    : outputDirectory_(outputDirectory),
      process_(LODESTONE_VALGRIND, callgrindArguments(configFile, outputDirectory)) {
    port_ = waitUntilListening(process_);
}

void CountedLodestoned::control(const std::string& option) {
    const auto done = lodestone::test::runToCompletion(
        LODESTONE_CALLGRIND_CONTROL, {option, std::to_string(process_.pid())}, 120s);
    if (done.status.code != 0) {
        throw std::runtime_error("callgrind_control " + option + " failed: " + done.output +
                                 done.errors);
    }
}

void CountedLodestoned::zero() {
    control("--instr=on");
    control("--zero");
}

std::uint64_t CountedLodestoned::count() {
    control("--dump");
    // callgrind names the n-th dump <out-file>.<pid>.<n>, written before callgrind_control returns
    const auto file = outputDirectory_ / ("callgrind.out." + std::to_string(++dumps_));
    if (!std::filesystem::exists(file)) {
        throw std::runtime_error("callgrind wrote no " + file.string());
    }
    return summaryOf(file);
}

DaemonExit CountedLodestoned::stop() {
    return stopLodestoned(process_);
}

}  // namespace lodestone::bench
