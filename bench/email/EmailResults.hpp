#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/support/ApiClient.hpp"
#include "bench/support/DaemonPhase.hpp"
#include "bench/support/Stats.hpp"

namespace lodestone::bench::email {

// How one measurement was made.
enum class Mode {
    EndToEnd,  // leads added to a daemon that researches, qualifies and sends at once
    Backlog,   // a fresh daemon sends the first emails of prospects qualified beforehand
};

inline const char* modeName(Mode mode) {
    return mode == Mode::EndToEnd ? "end to end" : "backlog";
}

// The CPU seconds used so far by the daemon, the SMTP server and the whole machine, at one
// moment (epoch ms).
struct CpuSample {
    double atMs = 0;
    double daemon = 0;
    double sink = 0;
    double machine = 0;
};

// What the run checks against what it asked for: every prospect got every step exactly once.
struct Verification {
    std::int64_t sinkMessages = 0;
    std::int64_t distinctMessageIds = 0;
    std::int64_t duplicateMessageIds = 0;  // ids the server accepted more than once
    std::int64_t unknownMessageIds = 0;    // accepted, but no sent email of the database has it
    std::int64_t wrongRecipients = 0;      // not the prospect's address, or not one recipient
    std::int64_t sentNotReceived = 0;      // sent in the database, never seen by the server
    std::int64_t prospectsMissingSteps = 0;
    std::vector<std::string> problems;  // the first few, for the report

    void problem(const std::string& text);
    bool ok() const { return problems.empty(); }
};

// One measurement: one daemon sending the campaign's emails to one SMTP server.
struct Measurement {
    Mode mode = Mode::EndToEnd;
    int round = 1;
    int concurrency = 0;
    int expectedEmails = 0;

    ClientStats leads;         // adding the leads (in a backlog, before the measurement)
    std::int64_t startMs = 0;  // first lead sent (end to end), or the sender's launch
    std::int64_t qualifiedFirstMs = 0, qualifiedLastMs = 0;  // prospects becoming qualified
    std::int64_t settledMs = 0;                              // the bench saw every prospect done

    // The server's side: when the first and last messages were accepted (their files' times).
    std::int64_t received = 0;
    double firstAcceptedMs = 0, lastAcceptedMs = 0;

    // The daemon's side (email_sends, read-only).
    std::map<std::string, std::int64_t> sendStatuses;
    std::map<std::string, std::int64_t> prospectStatuses;
    std::int64_t retriedSends = 0;  // sends with more than one attempt
    std::int64_t firstSentMs = 0, lastSentMs = 0;
    Summary scheduledToSentMs;  // per email: due (scheduled at qualification or previous step)
                                // to sent

    std::vector<CpuSample> cpu;  // from the start of the measurement, every ~20 ms
    double benchCpu = 0;

    Verification verification;
    std::optional<std::string> abortReason;
    std::vector<PhaseEnd> phases;

    std::int64_t sent() const;
    double acceptedSpanSeconds() const { return (lastAcceptedMs - firstAcceptedMs) / 1000.0; }
    // Emails a second, first to last message accepted.
    double emailsPerSecond() const;
    // Emails a second from the start of the measurement to the last message accepted.
    double fromStartPerSecond() const;
    // CPU seconds over the whole measurement, and over the first to the last acceptance.
    CpuSample cpuTotal() const;
    CpuSample cpuWhileSending() const;
    bool ok() const;
};

}  // namespace lodestone::bench::email
