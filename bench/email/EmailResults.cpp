#include "bench/email/EmailResults.hpp"

#include <algorithm>

namespace lodestone::bench::email {

namespace {

// Enough to see what went wrong; the counts say how often.
constexpr std::size_t kProblemsKept = 5;

CpuSample difference(const CpuSample& from, const CpuSample& to) {
    return {to.atMs - from.atMs, to.daemon - from.daemon, to.sink - from.sink,
            to.machine - from.machine};
}

}  // namespace

void Verification::problem(const std::string& text) {
    if (problems.size() < kProblemsKept) problems.push_back(text);
}

std::int64_t Measurement::sent() const {
    auto it = sendStatuses.find("sent");
    return it == sendStatuses.end() ? 0 : it->second;
}

double Measurement::emailsPerSecond() const {
    const double span = acceptedSpanSeconds();
    return span > 0 ? static_cast<double>(received) / span : 0;
}

double Measurement::fromStartPerSecond() const {
    const double span = (lastAcceptedMs - static_cast<double>(startMs)) / 1000.0;
    return span > 0 ? static_cast<double>(received) / span : 0;
}

CpuSample Measurement::cpuTotal() const {
    if (cpu.size() < 2) return {};
    return difference(cpu.front(), cpu.back());
}

CpuSample Measurement::cpuWhileSending() const {
    if (cpu.size() < 2 || received == 0) return {};
    // The last sample at or before the first acceptance, and the first at or after the last.
    auto from = std::find_if(cpu.rbegin(), cpu.rend(),
                             [&](const CpuSample& s) { return s.atMs <= firstAcceptedMs; });
    auto to = std::find_if(cpu.begin(), cpu.end(),
                           [&](const CpuSample& s) { return s.atMs >= lastAcceptedMs; });
    const CpuSample& a = from == cpu.rend() ? cpu.front() : *from;
    const CpuSample& b = to == cpu.end() ? cpu.back() : *to;
    return difference(a, b);
}

bool Measurement::ok() const {
    bool clean = !abortReason && verification.ok();
    for (const auto& phase : phases) clean = clean && phase.exit.clean();
    return clean;
}

}  // namespace lodestone::bench::email
