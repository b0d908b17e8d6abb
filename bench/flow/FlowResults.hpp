#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/support/ApiClient.hpp"
#include "bench/support/DaemonPhase.hpp"
#include "bench/support/Stats.hpp"

namespace lodestone::bench::flow {

// The CPU seconds used so far by the daemon, the SMTP server and the whole machine, at one
// moment (epoch ms).
struct CpuSample {
    double atMs = 0;
    double daemon = 0;
    double sink = 0;
    double machine = 0;
};

// How far the flow had got at one moment (epoch ms), read from the daemon's database: prospects
// past research, qualified, lead magnets finished, emails held for their magnet, emails sent.
struct Progress {
    std::int64_t atMs = 0;
    std::int64_t researched = 0;
    std::int64_t qualified = 0;
    std::int64_t magnets = 0;
    std::int64_t held = 0;
    std::int64_t sent = 0;
    double daemonCpu = 0;  // seconds so far, to show how busy the daemon was in each stretch
};

// When a stage happened first and last (epoch ms; 0 when it never did).
struct Span {
    std::int64_t firstMs = 0;
    std::int64_t lastMs = 0;
};

// The daemon's memory at the end, from /proc/<pid>/status (KiB).
struct Memory {
    std::int64_t rssKib = 0;
    std::int64_t hwmKib = 0;  // the peak resident set
    std::int64_t threads = 0;
};

// What the run checks: every prospect got one email, linking to its own finished lead magnet,
// and the pages linked answer.
struct Verification {
    std::int64_t sinkMessages = 0;
    std::int64_t distinctMessageIds = 0;
    std::int64_t withLink = 0;  // a /m/<leadId> link in the message
    std::int64_t ownLink = 0;   // ... to the recipient prospect's own lead
    std::int64_t distinctRecipients = 0;
    int pagesChecked = 0;
    int pagesOk = 0;                    // answered 200 with a page
    std::vector<std::string> problems;  // the first few, for the report

    void problem(const std::string& text);
    bool ok() const { return problems.empty(); }
};

struct Measurement {
    int round = 1;
    int expected = 0;

    ClientStats leads;
    std::int64_t startMs = 0;  // the first lead sent
    std::vector<CpuSample> cpu;
    std::vector<Progress> progress;  // every 250 ms from the start
    double benchCpu = 0;

    // From the daemon's database after the run.
    std::map<std::string, std::int64_t> prospectStatuses, magnetStatuses, sendStatuses;
    Span researched, qualified, magnetsStarted, magnetsDone, sent;
    Summary magnetJobMs;        // a magnet's job, created -> finished
    Summary qualifiedToSentMs;  // per prospect: its first email scheduled -> sent
    Summary addedToSentMs;      // per prospect: added -> its email sent
    std::int64_t retriedSends = 0, retriedMagnets = 0;
    // From the server's files.
    std::int64_t received = 0;
    double firstAcceptedMs = 0, lastAcceptedMs = 0;

    Memory memory;
    Verification verification;
    std::optional<std::string> abortReason;
    std::vector<PhaseEnd> phases;

    // From the first lead sent to the last email accepted.
    double wallSeconds() const { return (lastAcceptedMs - static_cast<double>(startMs)) / 1000.0; }
    double prospectsPerSecond() const;
    // CPU seconds from the first lead to the sample at or after the last acceptance.
    CpuSample cpuUsed() const;
    std::int64_t maxHeld() const;
    bool ok() const;
};

}  // namespace lodestone::bench::flow
