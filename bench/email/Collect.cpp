#include "bench/email/Collect.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace lodestone::bench::email {

namespace {

using lodestone::test::ReceivedMessage;

std::string counts(const std::map<std::string, std::int64_t>& byName) {
    std::string text;
    for (const auto& [name, count] : byName) {
        text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    return text.empty() ? "none" : text;
}

// When the server accepted the message: it writes the file just before it answers 250.
double acceptedAtMs(const ReceivedMessage& message) {
    struct stat info {};
    if (::stat(message.file.c_str(), &info) != 0) return 0;
    return static_cast<double>(info.st_mtim.tv_sec) * 1000.0 +
           static_cast<double>(info.st_mtim.tv_nsec) / 1e6;
}

void readDatabase(ReadOnlyDatabase& db, Measurement& m) {
    auto byStatus = [&](const std::string& table, std::map<std::string, std::int64_t>& into) {
        db.query("SELECT status, COUNT(*) FROM " + table + " GROUP BY status",
                 [&](sqlite3_stmt* s) {
                     into[ReadOnlyDatabase::column(s, 0)] = sqlite3_column_int64(s, 1);
                 });
    };
    byStatus("email_sends", m.sendStatuses);
    byStatus("prospects", m.prospectStatuses);
    m.retriedSends = db.integer("SELECT COUNT(*) FROM email_sends WHERE attempt_count > 1");
    db.query("SELECT MIN(sent_at), MAX(sent_at) FROM email_sends WHERE status = 'sent'",
             [&](sqlite3_stmt* s) {
                 m.firstSentMs = sqlite3_column_int64(s, 0);
                 m.lastSentMs = sqlite3_column_int64(s, 1);
             });
    db.query("SELECT MIN(at), MAX(at) FROM prospect_transitions WHERE status = 'qualified'",
             [&](sqlite3_stmt* s) {
                 m.qualifiedFirstMs = sqlite3_column_int64(s, 0);
                 m.qualifiedLastMs = sqlite3_column_int64(s, 1);
             });
    std::vector<double> waits;
    db.query(
        "SELECT sent_at - due_at FROM email_sends WHERE status = 'sent'",
        [&](sqlite3_stmt* s) { waits.push_back(static_cast<double>(sqlite3_column_int64(s, 0))); });
    m.scheduledToSentMs = summarise(std::move(waits));
}

void verify(ReadOnlyDatabase& db, const std::vector<ReceivedMessage>& messages, int prospects,
            int steps, Measurement& m) {
    Verification& v = m.verification;
    const std::int64_t expected = static_cast<std::int64_t>(prospects) * steps;
    if (m.leads.count(201) != prospects) {
        v.problem("leads added: " + std::to_string(m.leads.count(201)) + " of " +
                  std::to_string(prospects) +
                  (m.leads.firstProblem.empty() ? "" : " (" + m.leads.firstProblem + ")"));
    }
    if (m.prospectStatuses.size() != 1 || m.prospectStatuses.count("completed") == 0) {
        v.problem("prospects: " + counts(m.prospectStatuses) + " (all should be completed)");
    }
    if (m.sendStatuses.size() != 1 || m.sent() != expected) {
        v.problem("emails in the database: " + counts(m.sendStatuses) + " (expected sent " +
                  std::to_string(expected) + ")");
    }

    // Every sent email of the database by its Message-ID, with its prospect's address.
    std::map<std::string, std::string> sent;
    db.query(
        "SELECT e.message_id, p.email FROM email_sends e JOIN prospects p ON p.id = e.prospect_id "
        "WHERE e.status = 'sent'",
        [&](sqlite3_stmt* s) {
            sent[ReadOnlyDatabase::column(s, 0)] = ReadOnlyDatabase::column(s, 1);
        });
    v.prospectsMissingSteps = db.integer(
        "SELECT COUNT(*) FROM prospects p WHERE (SELECT COUNT(DISTINCT step) FROM email_sends e "
        "WHERE e.prospect_id = p.id AND e.status = 'sent') <> ?",
        {steps});

    std::map<std::string, int> seen;
    for (const auto& message : messages) {
        const std::string id = message.header("Message-ID");
        if (++seen[id] > 1) continue;
        auto known = sent.find(id);
        if (known == sent.end()) {
            ++v.unknownMessageIds;
            v.problem("the server accepted Message-ID \"" + id + "\", which no sent email has");
        } else if (message.rcptTos.size() != 1 || message.rcptTos.front() != known->second) {
            ++v.wrongRecipients;
            v.problem(id + " went to " + std::to_string(message.rcptTos.size()) +
                      " recipient(s), not only " + known->second);
        }
    }
    v.sinkMessages = static_cast<std::int64_t>(messages.size());
    v.distinctMessageIds = static_cast<std::int64_t>(seen.size());
    for (const auto& [id, times] : seen) {
        if (times > 1) {
            ++v.duplicateMessageIds;
            v.problem(id + " was accepted " + std::to_string(times) + " times");
        }
    }
    for (const auto& [id, address] : sent) {
        if (seen.count(id) == 0) ++v.sentNotReceived;
    }
    if (v.sinkMessages != expected) {
        v.problem("the server accepted " + std::to_string(v.sinkMessages) + " messages, expected " +
                  std::to_string(expected));
    }
    if (v.sentNotReceived > 0) {
        v.problem(std::to_string(v.sentNotReceived) +
                  " emails sent in the database never reached "
                  "the server");
    }
    if (v.prospectsMissingSteps > 0) {
        v.problem(std::to_string(v.prospectsMissingSteps) + " prospects were not sent every step");
    }
}

}  // namespace

void collect(ReadOnlyDatabase& db, const lodestone::test::SmtpSink& sink, int prospects, int steps,
             Measurement& m) {
    readDatabase(db, m);
    const auto messages = sink.messages();
    m.received = static_cast<std::int64_t>(messages.size());
    for (const auto& message : messages) {
        const double at = acceptedAtMs(message);
        if (m.firstAcceptedMs == 0 || at < m.firstAcceptedMs) m.firstAcceptedMs = at;
        m.lastAcceptedMs = std::max(m.lastAcceptedMs, at);
    }
    verify(db, messages, prospects, steps, m);
}

}  // namespace lodestone::bench::email
