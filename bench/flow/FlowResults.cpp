#include "bench/flow/FlowResults.hpp"

#include <algorithm>

namespace lodestone::bench::flow {

namespace {

// Enough to see what went wrong; the counts say how often.
constexpr std::size_t kProblemsKept = 5;

}  // namespace

void Verification::problem(const std::string& text) {
    if (problems.size() < kProblemsKept) problems.push_back(text);
}

double Measurement::prospectsPerSecond() const {
    const double span = wallSeconds();
    return received > 0 && span > 0 ? static_cast<double>(received) / span : 0;
}

CpuSample Measurement::cpuUsed() const {
    if (cpu.size() < 2) return {};
    auto to = std::find_if(cpu.begin(), cpu.end(),
                           [&](const CpuSample& s) { return s.atMs >= lastAcceptedMs; });
    const CpuSample& a = cpu.front();
    const CpuSample& b = to == cpu.end() ? cpu.back() : *to;
    return {b.atMs - a.atMs, b.daemon - a.daemon, b.sink - a.sink, b.machine - a.machine};
}

std::int64_t Measurement::maxHeld() const {
    std::int64_t most = 0;
    for (const auto& p : progress) most = std::max(most, p.held);
    return most;
}

bool Measurement::ok() const {
    bool clean = !abortReason && verification.ok();
    for (const auto& phase : phases) clean = clean && phase.exit.clean();
    return clean;
}

}  // namespace lodestone::bench::flow
